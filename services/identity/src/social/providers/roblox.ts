import type { ProviderFactory } from '../provider-descriptor.js';
import { OPENID_FIELDS, userinfoProfile } from './profile-fields.js';

/**
 * Roblox: OpenID userinfo; the display name is `nickname`, the username `preferred_username`. The reference's
 * default prompt lets the user pick the account and confirm the consent every time.
 */
export const roblox: ProviderFactory = () => ({
  id: 'roblox',
  endpoints: {
    authorization: 'https://apis.roblox.com/oauth/v1/authorize',
    token: 'https://apis.roblox.com/oauth/v1/token',
    userinfo: 'https://apis.roblox.com/oauth/v1/userinfo',
    jwks: 'https://apis.roblox.com/oauth/v1/certs',
    issuer: 'https://apis.roblox.com/oauth/',
  },
  scopes: ['openid', 'profile'],
  // Roblox documents PKCE S256 on its authorization endpoint (the reference sends none).
  pkce: true,
  idTokenSignIn: false,
  // An address only comes with an `email` scope the operator adds; its verification claim is not taken (as the
  // reference).
  profile: userinfoProfile({ ...OPENID_FIELDS, verified: false, name: ['nickname', 'preferred_username'] }),
  authorizationParameters: { prompt: 'select_account consent' },
});
