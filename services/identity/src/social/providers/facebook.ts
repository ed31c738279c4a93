import type { ProviderFactory } from '../provider-descriptor.js';
import { OPENID_FIELDS, mapFields, userinfoProfile } from './profile-fields.js';

const GRAPH = 'https://graph.facebook.com/v24.0';

/** Graph `/me`; Facebook does not say whether the address was verified. */
const graphProfile = userinfoProfile(
  { subject: 'id', email: 'email', verified: false, name: ['name'], image: 'picture.data.url' },
  { query: { fields: 'id,name,email,picture' } },
);

/** Facebook: a Limited Login id token (OpenID, `sub`) when there is one, else the Graph `/me` of the access token. */
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
  profile: async (sources) =>
    sources.idTokenClaims === undefined
      ? graphProfile(sources)
      : mapFields(sources.idTokenClaims, { ...OPENID_FIELDS, verified: false, name: ['name'] }),
});
