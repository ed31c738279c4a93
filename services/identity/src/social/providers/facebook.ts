import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, toProfile } from './profile-fields.js';

const GRAPH = 'https://graph.facebook.com/v24.0';

/**
 * Facebook: a Limited Login id token (OpenID, `sub`) when there is one, else the Graph `/me` of the access token
 * (`id`, `picture.data.url`). Facebook does not say whether an address was verified.
 */
export const facebook: ProviderFactory = () => ({
  id: 'facebook',
  endpoints: {
    authorization: 'https://www.facebook.com/v24.0/dialog/oauth',
    token: `${GRAPH}/oauth/access_token`,
    userinfo: `${GRAPH}/me`,
    jwks: 'https://limited.facebook.com/.well-known/oauth/openid/jwks/',
    issuer: 'https://www.facebook.com',
  },
  scopes: ['email', 'public_profile'],
  pkce: false,
  idTokenSignIn: true,
  profile: async (sources) => {
    const claims = sources.idTokenClaims;
    if (claims !== undefined) {
      const name = firstText(claims.name);
      return toProfile({ subject: claims.sub, email: claims.email, name, image: claims.picture, raw: claims });
    }
    const user = await fetchUserinfo(sources, { fields: 'id,name,email,picture' });
    if (user === undefined) return null;
    return toProfile({
      subject: user.id,
      email: user.email,
      emailVerified: user.email_verified === true,
      name: firstText(user.name),
      image: asObject(asObject(user.picture)?.data)?.url,
      raw: user,
    });
  },
});
