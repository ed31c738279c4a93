import type { ProviderFactory } from '../provider-descriptor.js';
import { fetchUserinfo, firstText, toProfile } from './profile-fields.js';

/** Roblox: OpenID userinfo; the display name is `nickname`, the username `preferred_username`. */
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
  // The reference's default: let the user pick the account and confirm the consent every time.
  authorizationParameters: { prompt: 'select_account consent' },
  profile: async (sources) => {
    const claims = await fetchUserinfo(sources);
    if (claims === undefined) return null;
    return toProfile({
      subject: claims.sub,
      // Only with an `email` scope the operator adds; Roblox's verification claim is not taken (as the reference).
      email: claims.email,
      emailVerified: false,
      name: firstText(claims.nickname, claims.preferred_username),
      image: claims.picture,
      raw: claims,
    });
  },
});
