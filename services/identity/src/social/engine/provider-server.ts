import * as oauth from 'oauth4webapi';
import type { ProviderDescriptor } from '../provider-descriptor.js';

/** Every request to a provider: identified (Reddit and GitHub refuse anonymous clients), bounded in time. */
export const PROVIDER_REQUEST_HEADERS: Readonly<Record<string, string>> = { 'user-agent': 'authsvc' };
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * Options of each oauth4webapi request: plain http only toward endpoints the operator set that way (the
 * configuration refuses it in production), a timeout, our headers.
 */
export const requestOptions = (url: string) => ({
  [oauth.allowInsecureRequests]: url.startsWith('http:'),
  headers: new Headers(PROVIDER_REQUEST_HEADERS),
  signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
});

/**
 * The provider as oauth4webapi's authorization server. A provider without a fixed issuer (GitHub, Microsoft's
 * multi-tenant endpoints) is named by its authorization endpoint's origin, or by `tokenIssuer` when its id token
 * names its own (Microsoft's profile then binds that issuer to the token's tenant).
 */
export const authorizationServer = (
  descriptor: ProviderDescriptor,
  tokenIssuer?: string,
): oauth.AuthorizationServer => {
  const { endpoints } = descriptor;
  return {
    issuer: endpoints.issuer ?? tokenIssuer ?? new URL(endpoints.authorization).origin,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    userinfo_endpoint: endpoints.userinfo,
    jwks_uri: endpoints.jwks,
  };
};

/** Our client at the provider; 30 s of clock tolerance on its tokens, as the reference allows. */
export const providerClient = (clientId: string): oauth.Client => ({
  client_id: clientId,
  [oauth.clockTolerance]: 30,
});

/** How the client authenticates at the token endpoint: in the body, under TikTok's own name for the client id too. */
export const clientAuthentication = (descriptor: ProviderDescriptor, clientSecret: string): oauth.ClientAuth => {
  if (descriptor.clientAuthentication === 'client_secret_basic') return oauth.ClientSecretBasic(clientSecret);
  const idParameter = descriptor.clientIdParameter;
  if (idParameter === undefined) return oauth.ClientSecretPost(clientSecret);
  return (_server, client, body) => {
    body.set(idParameter, client.client_id);
    body.set('client_secret', clientSecret);
  };
};
