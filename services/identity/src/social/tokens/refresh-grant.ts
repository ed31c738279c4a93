import * as oauth from 'oauth4webapi';
import type { IdTokenKeys } from '../engine/id-token-keys.js';
import { secondsFrom } from '../engine/code-exchange.js';
import {
  authorizationServer,
  clientAuthentication,
  providerClient,
  requestOptions,
} from '../engine/provider-server.js';
import type { ConfiguredProvider } from '../provider-overrides.js';
import type { StoredProviderTokens } from './stored-provider-tokens.js';

/** What a refresh answered, as stored tokens: a refresh token or id token it did not send is `null` (kept). */
export function tokensOfRefresh(response: oauth.TokenEndpointResponse, now: Date): StoredProviderTokens {
  const refreshToken = response.refresh_token ?? null;
  return {
    accessToken: response.access_token,
    accessTokenExpiresAt: secondsFrom(now, response.expires_in) ?? null,
    refreshToken,
    refreshTokenExpiresAt: refreshToken === null ? null : (secondsFrom(now, response.refresh_token_expires_in) ?? null),
    idToken: response.id_token ?? null,
  };
}

/**
 * OAuth 2.0's refresh grant by oauth4webapi, at the provider the account was issued by (`issuer`: a multi-tenant
 * provider's tenant); an id token in the answer is checked as at sign-in (claims, and signature where the provider
 * publishes keys). `undefined` when the provider refused or answered nothing usable.
 */
export async function refreshGrant(
  { descriptor, config }: ConfiguredProvider,
  issuer: string | undefined,
  refreshToken: string,
  keys: IdTokenKeys,
  now: Date,
): Promise<StoredProviderTokens | undefined> {
  const server = authorizationServer(descriptor, issuer);
  const client = providerClient(config.clientId);
  try {
    const response = await oauth.refreshTokenGrantRequest(
      server,
      client,
      clientAuthentication(descriptor, config.clientSecret),
      refreshToken,
      requestOptions(descriptor.endpoints.token),
    );
    const tokens = await oauth.processRefreshTokenResponse(server, client, response);
    if (tokens.id_token !== undefined && descriptor.endpoints.jwks !== undefined) {
      await keys.verify(tokens.id_token, descriptor.endpoints.jwks);
    }
    return tokensOfRefresh(tokens, now);
  } catch {
    return undefined;
  }
}
