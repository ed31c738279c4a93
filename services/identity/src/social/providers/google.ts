import type { ProviderFactory } from '../provider-descriptor.js';
import { OPENID_FIELDS, mapFields } from './profile-fields.js';

/**
 * Google: the profile is the verified id token's claims (`sub`, `email_verified`, `name`, `picture`); no userinfo
 * request. `include_granted_scopes` keeps the scopes a user granted before, as the reference asks.
 */
export const google: ProviderFactory = () => ({
  id: 'google',
  endpoints: {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
    issuer: 'https://accounts.google.com',
  },
  scopes: ['email', 'profile', 'openid'],
  pkce: true,
  idTokenSignIn: true,
  alternativeIssuers: ['accounts.google.com'],
  profile: async ({ idTokenClaims }) =>
    idTokenClaims === undefined ? null : mapFields(idTokenClaims, { ...OPENID_FIELDS, name: ['name'] }),
  authorizationParameters: { include_granted_scopes: 'true' },
});
