import type { Configuration } from 'oidc-provider';
import type { OpenIdStore } from './openid-store.js';
import type { OpenIdUsers } from './openid-users.js';

export interface OpenIdConfigurationInput {
  readonly store: OpenIdStore;
  readonly users: OpenIdUsers;
  /** The private RS256 signing key as a JWK with its `kid`. */
  readonly signingKey: Record<string, unknown>;
  readonly cookieKey: string;
  readonly accessTokenTtlSeconds: number;
  /** Lifetime of the access tokens a refresh grant issues. */
  readonly refreshedAccessTokenTtlSeconds: number;
}

/** The grant an access token is being issued by, at the token endpoint. */
const grantTypeOf = (context: unknown): unknown =>
  (context as { oidc?: { params?: { grant_type?: unknown } } } | undefined)?.oidc?.params?.grant_type;

/**
 * oidc-provider's settings for a provider that behaves like Google towards a confidential web client: code flow,
 * PKCE S256, the profile claims in the id token, userinfo, refresh tokens that rotate.
 */
export function openIdConfiguration(input: OpenIdConfigurationInput): Configuration {
  return {
    adapter: input.store.adapter,
    findAccount: input.users.findAccount,
    jwks: { keys: [input.signingKey] },
    cookies: { keys: [input.cookieKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Google puts the scope's claims in the id token itself; OpenID Core's default sends them to userinfo only.
    conformIdTokenClaims: false,
    // The sign-in and consent pages are ours (openid-interactions.ts), so the driver and a browser test share them.
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { methods: ['S256'] },
    // A plain-text error page: the driver quotes it in its rejection, and oidc-provider's default logs a notice.
    renderError: async (
      context: { type: string; body: string },
      out: { error: string; error_description?: string },
    ) => {
      context.type = 'text/plain';
      context.body = `${out.error}: ${out.error_description ?? ''}`;
    },
    // Like Google with access_type=offline, a refresh token comes with every code for a client allowed the grant,
    // not only when offline_access was asked with prompt=consent: the engine's Google flow asks neither.
    issueRefreshToken: async (_context: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    // Every refresh answers with a new refresh token and consumes the old one, so reuse is detectable.
    rotateRefreshToken: true,
    ttl: {
      AccessToken: (context: unknown) =>
        grantTypeOf(context) === 'refresh_token' ? input.refreshedAccessTokenTtlSeconds : input.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
    },
  };
}
