import type { ProviderDescriptor, ProviderEndpoints } from '../provider-descriptor.js';
import { OPENID_FIELDS, fetchUserinfo, mapFields } from './profile-fields.js';

/**
 * A generic OpenID provider of `OIDC_PROVIDERS` (Okta, Entra, Keycloak, Auth0, …), its endpoints found by discovery
 * from its issuer. The profile is the verified id token's claims, completed by the userinfo endpoint when the token
 * carries no address; userinfo counts only for the token's own subject.
 */
export const openIdProvider = (id: string, endpoints: ProviderEndpoints): ProviderDescriptor => ({
  id,
  endpoints,
  scopes: ['openid', 'profile', 'email'],
  pkce: true,
  idTokenSignIn: false,
  profile: async (sources) => {
    const claims = sources.idTokenClaims;
    if (claims === undefined) return null;
    if (typeof claims.email === 'string') return mapFields(claims, OPENID_FIELDS);
    const userinfo = await fetchUserinfo(sources);
    const sameSubject = userinfo !== undefined && userinfo.sub === claims.sub;
    return mapFields(sameSubject ? { ...claims, ...userinfo } : claims, OPENID_FIELDS);
  },
});
