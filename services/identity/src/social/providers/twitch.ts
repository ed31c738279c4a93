import type { ProviderFactory } from '../provider-descriptor.js';
import { OPENID_FIELDS, mapFields } from './profile-fields.js';

/** Twitch puts these claims in the id token only when the authorization request asks for them by name. */
const ID_TOKEN_CLAIMS = JSON.stringify({
  id_token: { email: null, email_verified: null, preferred_username: null, picture: null },
});

/** Twitch: the profile is the verified id token's claims (`sub`, `preferred_username`, `email_verified`). */
export const twitch: ProviderFactory = () => ({
  id: 'twitch',
  endpoints: {
    authorization: 'https://id.twitch.tv/oauth2/authorize',
    token: 'https://id.twitch.tv/oauth2/token',
    userinfo: 'https://id.twitch.tv/oauth2/userinfo',
    jwks: 'https://id.twitch.tv/oauth2/keys',
    issuer: 'https://id.twitch.tv/oauth2',
  },
  scopes: ['user:read:email', 'openid'],
  pkce: false,
  idTokenSignIn: false,
  profile: async ({ idTokenClaims }) =>
    idTokenClaims === undefined ? null : mapFields(idTokenClaims, { ...OPENID_FIELDS, name: ['preferred_username'] }),
  authorizationParameters: { claims: ID_TOKEN_CLAIMS },
});
