/**
 * What one social provider is, as data: its endpoints, scopes and protocol choices, and how its profile maps to
 * our user. The OAuth 2.0 / OpenID Connect engine (oauth4webapi) does the protocol; a descriptor only says where
 * and what. One file per provider under `providers/`.
 */

/** What a provider said about the person who signed in: the account's key and the profile fields we keep. */
export interface ProviderProfile {
  /** The provider's stable id of the person (OpenID `sub`, GitHub's numeric `id`, …), as a string. */
  readonly subject: string;
  /** `null` when the provider gave none (the sign-in then fails with `email_not_found`). */
  readonly email: string | null;
  /** Whether the provider vouches for the address; `false` where it cannot say. */
  readonly emailVerified: boolean;
  /** The display name, `''` when the provider has none. */
  readonly name: string;
  readonly image: string | null;
  /** The provider's own profile, as account-info's `data` shows it. */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** Where a provider answers; every entry can be overridden by `<ID>_<NAME>` (see the social configuration). */
export interface ProviderEndpoints {
  readonly authorization: string;
  readonly token: string;
  readonly userinfo?: string;
  readonly jwks?: string;
  /** The issuer its id tokens carry (and RFC 9207's `iss` on the callback), for OpenID providers. */
  readonly issuer?: string;
  /** Further endpoints by name, e.g. GitHub's `emails`. */
  readonly extra?: Readonly<Record<string, string>>;
}

/** What a profile mapping may read. */
export interface ProfileSources {
  /** The id token's claims, already verified (signature, issuer, audience, expiry, nonce), when there was one. */
  readonly idTokenClaims?: Readonly<Record<string, unknown>>;
  /** The token endpoint's JSON answer as received. */
  readonly tokenResponse: Readonly<Record<string, unknown>>;
  /** Apple's `user` form field of its first consent (name only then), parsed. */
  readonly callbackUser?: Readonly<Record<string, unknown>>;
  /**
   * GET of `url` (one of the descriptor's endpoints, overrides applied) with the access token as bearer, or a POST
   * when `body` is given; the JSON body, or `undefined` when the provider answered with an error or not JSON.
   */
  readonly fetchJson: (url: string, headers?: Readonly<Record<string, string>>, body?: FetchBody) => Promise<unknown>;
  /** The operator's client id (VK's user-info wants it in its form). */
  readonly clientId: string;
  /** The endpoints in force (defaults with the operator's overrides). */
  readonly endpoints: ProviderEndpoints;
}

/** A POST body of `fetchJson`: a form (`application/x-www-form-urlencoded`) or JSON. */
export type FetchBody = { readonly form: Readonly<Record<string, string>> } | { readonly json: unknown };

/** Settings a descriptor may depend on (Microsoft's tenant, a self-hosted GitLab's issuer). */
export interface ProviderSettings {
  readonly tenantId?: string;
  /** `<ID>_ISSUER`, for providers whose endpoints all derive from it (GitLab). */
  readonly issuer?: string;
}

export interface ProviderDescriptor {
  /** The provider id of the spec (`google`, `github`, …) or of `OIDC_PROVIDERS`. */
  readonly id: string;
  readonly endpoints: ProviderEndpoints;
  readonly scopes: readonly string[];
  /** How the scope parameter joins scopes (TikTok: `,`). */
  readonly scopeSeparator?: ' ' | ',';
  /** Whether PKCE S256 is sent (wherever the provider accepts it). */
  readonly pkce: boolean;
  /** Whether the token endpoint answers with an id token without the `openid` scope being asked (Apple). */
  readonly idTokenOnCallback?: boolean;
  /** Other spellings of the issuer its id tokens may carry (Google's `accounts.google.com`). */
  readonly alternativeIssuers?: readonly string[];
  /** Whether a client may sign in by bringing an id token of this provider (`sign-in/social` with `idToken`). */
  readonly idTokenSignIn: boolean;
  /** Extra authorization request parameters (Google's `include_granted_scopes`, Apple's `response_mode`). */
  readonly authorizationParameters?: Readonly<Record<string, string>>;
  /** The name of the client id parameter where it is not `client_id` (TikTok: `client_key`). */
  readonly clientIdParameter?: string;
  /** How the client authenticates at the token endpoint; `client_secret_post` unless said. */
  readonly clientAuthentication?: 'client_secret_post' | 'client_secret_basic';
  /** The profile of the person, or `null` when the provider gave no usable user info (`unable_to_get_user_info`). */
  readonly profile: (sources: ProfileSources) => Promise<ProviderProfile | null>;
}

/** A provider's descriptor for the operator's settings. */
export type ProviderFactory = (settings: ProviderSettings) => ProviderDescriptor;
