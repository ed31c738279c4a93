import { RESERVED_AUTHORIZATION_PARAMETERS } from '@authsvc/contracts';
import type { ProviderDescriptor } from '../provider-descriptor.js';

/** What one authorization request asks for, besides the provider's own settings. */
export interface AuthorizationRequest {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string;
  /** The operator's extra scopes (`<ID>_SCOPES`), then the client's. */
  readonly scopes: readonly string[];
  readonly codeChallenge?: string;
  readonly nonce?: string;
  readonly loginHint?: string;
  /** The client's `additionalParams`, reserved names already refused. */
  readonly additionalParams?: Readonly<Record<string, string>>;
}

/** The scopes asked for: the provider's defaults, then the configured and requested ones, each once. */
export const requestedScopes = (descriptor: ProviderDescriptor, extra: readonly string[]): string[] => [
  ...new Set([...descriptor.scopes, ...extra].filter((scope) => scope.trim() !== '')),
];

/**
 * The provider's authorization URL, its query in the reference's order (response_type, client_id, state, scope,
 * redirect_uri, login_hint, PKCE), then the nonce and the provider's and client's extra parameters. An operator's
 * endpoint may carry a query of its own, which is kept.
 */
export const authorizationUrl = (descriptor: ProviderDescriptor, request: AuthorizationRequest): URL => {
  const url = new URL(descriptor.endpoints.authorization);
  const set = (name: string, value: string | undefined) => {
    if (value !== undefined) url.searchParams.set(name, value);
  };
  set('response_type', 'code');
  set(descriptor.clientIdParameter ?? 'client_id', request.clientId);
  set('state', request.state);
  set('scope', requestedScopes(descriptor, request.scopes).join(descriptor.scopeSeparator ?? ' '));
  set('redirect_uri', request.redirectUri);
  set('login_hint', request.loginHint);
  if (request.codeChallenge !== undefined) {
    set('code_challenge_method', 'S256');
    set('code_challenge', request.codeChallenge);
  }
  set('nonce', request.nonce);
  for (const [name, value] of Object.entries(request.additionalParams ?? {})) {
    if (!RESERVED_AUTHORIZATION_PARAMETERS.includes(name)) set(name, value);
  }
  // The provider's and operator's parameters last: a client cannot turn off Apple's form_post or the operator's prompt.
  for (const [name, value] of Object.entries(descriptor.authorizationParameters ?? {})) set(name, value);
  return url;
};

/**
 * Whether the provider answers the code with an id token: the flow then sends a nonce and requires it back. OpenID
 * providers asked for the `openid` scope, and those that always sign one (Apple).
 */
export const expectsIdToken = (descriptor: ProviderDescriptor): boolean =>
  descriptor.endpoints.jwks !== undefined &&
  (descriptor.scopes.includes('openid') || descriptor.idTokenOnCallback === true);
