import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { expectsIdToken } from '../flow/authorization-url.js';
import type { SocialFlow } from '../flow/social-flow.js';
import type { ProviderProfile } from '../provider-descriptor.js';
import type { ConfiguredProvider } from '../provider-overrides.js';
import type { IdTokenKeys } from './id-token-keys.js';
import { providerFetch } from './provider-fetch.js';
import { authorizationServer, clientAuthentication, providerClient, requestOptions } from './provider-server.js';

/** What the callback brought besides the state (already matched to `flow`). */
export interface CallbackParameters {
  readonly code: string;
  /** RFC 9207's issuer of the response, when the provider sends one. */
  readonly iss?: string;
  /** VK ID's device, passed on to its token request. */
  readonly deviceId?: string;
  /** Apple's `user` form field of the first consent, parsed. */
  readonly user?: Readonly<Record<string, unknown>>;
}

/** The provider's tokens, as the account keeps them (sealed). */
export interface ProviderTokens {
  readonly accessToken?: string;
  readonly refreshToken?: string;
  readonly idToken?: string;
  readonly accessTokenExpiresAt?: string;
  readonly refreshTokenExpiresAt?: string;
  readonly scopes: readonly string[];
}

export type ExchangeResult =
  | {
      readonly ok: true;
      readonly tokens: ProviderTokens;
      readonly profile: ProviderProfile;
      /** The issuer the account is keyed under: the verified id token's, else the provider's own. */
      readonly issuer: string;
    }
  | { readonly ok: false; readonly error: 'invalid_code' | 'unable_to_get_user_info' };

/** `seconds` (a token lifetime a provider gave) after `now`, as an ISO time; `undefined` when it gave none. */
export const secondsFrom = (now: Date, seconds: unknown): string | undefined =>
  typeof seconds === 'number' && Number.isFinite(seconds)
    ? new Date(now.getTime() + seconds * 1000).toISOString()
    : undefined;

/** The issuer an id token names, read before its checks, for a provider without a fixed one. */
const issuerOfIdToken = async (response: Response): Promise<string | undefined> => {
  try {
    const body = (await response.clone().json()) as { id_token?: unknown };
    return typeof body.id_token === 'string' ? decodeJwt(body.id_token).iss : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The authorization code traded for tokens, the id token verified, the profile read, all by oauth4webapi and jose:
 * the response's `iss` (RFC 9207) when the provider has an issuer; PKCE; the id token's issuer, audience, expiry and
 * our nonce (required whenever one was sent), and its signature against the provider's keys. Any failure of the
 * exchange is `invalid_code`, a profile that cannot be read `unable_to_get_user_info`, as the reference answers.
 */
export class CodeExchange {
  constructor(private readonly keys: IdTokenKeys) {}

  async exchange(
    { descriptor, config }: ConfiguredProvider,
    flow: SocialFlow,
    callback: CallbackParameters,
    now: Date,
  ): Promise<ExchangeResult> {
    const client = providerClient(config.clientId);
    const idTokenExpected = expectsIdToken(descriptor);
    let tokens: oauth.TokenEndpointResponse;
    let idTokenClaims: Readonly<Record<string, unknown>> | undefined;
    try {
      const fixedIssuer = authorizationServer(descriptor);
      const parameters = new URLSearchParams({ code: callback.code, state: flow.state });
      if (callback.iss !== undefined && descriptor.endpoints.issuer !== undefined) parameters.set('iss', callback.iss);
      const validated = oauth.validateAuthResponse(fixedIssuer, client, parameters, flow.state);
      const response = await oauth.authorizationCodeGrantRequest(
        fixedIssuer,
        client,
        clientAuthentication(descriptor, config.clientSecret),
        validated,
        flow.redirectUri,
        flow.codeVerifier ?? oauth.nopkce,
        {
          ...requestOptions(descriptor.endpoints.token),
          ...(callback.deviceId === undefined ? {} : { additionalParameters: { device_id: callback.deviceId } }),
        },
      );
      const server =
        descriptor.endpoints.issuer === undefined && idTokenExpected
          ? authorizationServer(descriptor, await issuerOfIdToken(response))
          : fixedIssuer;
      tokens = await oauth.processAuthorizationCodeResponse(server, client, response, {
        expectedNonce: flow.nonce ?? oauth.expectNoNonce,
        requireIdToken: idTokenExpected,
      });
      // An id token whose signature cannot be checked (no keys) is not read at all.
      if (tokens.id_token !== undefined && descriptor.endpoints.jwks !== undefined) {
        await this.keys.verify(tokens.id_token, descriptor.endpoints.jwks);
        idTokenClaims = oauth.getValidatedIdTokenClaims(tokens);
      }
    } catch {
      return { ok: false, error: 'invalid_code' };
    }
    const profile = await descriptor
      .profile({
        idTokenClaims,
        tokenResponse: tokens,
        callbackUser: callback.user,
        fetchJson: providerFetch(tokens.access_token),
        endpoints: descriptor.endpoints,
        clientId: config.clientId,
      })
      .catch(() => null);
    if (profile === null) return { ok: false, error: 'unable_to_get_user_info' };
    const claimedIssuer = typeof idTokenClaims?.iss === 'string' ? idTokenClaims.iss : undefined;
    return {
      ok: true,
      profile,
      issuer: claimedIssuer ?? authorizationServer(descriptor).issuer,
      tokens: {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        idToken: tokens.id_token,
        accessTokenExpiresAt: secondsFrom(now, tokens.expires_in),
        refreshTokenExpiresAt: secondsFrom(now, tokens.refresh_token_expires_in),
        scopes: (tokens.scope ?? '').split(/\s+/).filter((scope) => scope !== ''),
      },
    };
  }
}
