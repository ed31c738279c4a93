import type { ProviderFactory } from '../provider-descriptor.js';
import { OPENID_FIELDS, userinfoProfile } from './profile-fields.js';

/** LinkedIn (Sign In with LinkedIn using OpenID Connect): OpenID userinfo. */
export const linkedin: ProviderFactory = () => ({
  id: 'linkedin',
  endpoints: {
    authorization: 'https://www.linkedin.com/oauth/v2/authorization',
    token: 'https://www.linkedin.com/oauth/v2/accessToken',
    userinfo: 'https://api.linkedin.com/v2/userinfo',
    jwks: 'https://www.linkedin.com/oauth/openid/jwks',
    issuer: 'https://www.linkedin.com/oauth',
  },
  scopes: ['profile', 'email', 'openid'],
  // LinkedIn documents PKCE for native clients only; a web app authenticates with its secret.
  pkce: false,
  idTokenSignIn: false,
  profile: userinfoProfile({ ...OPENID_FIELDS, name: ['name'] }),
});
