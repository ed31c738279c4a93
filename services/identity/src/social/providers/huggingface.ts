import type { ProviderFactory } from '../provider-descriptor.js';
import { OPENID_FIELDS, userinfoProfile } from './profile-fields.js';

/** Hugging Face: OpenID userinfo (`sub`, `email_verified`, `name` else `preferred_username`). */
export const huggingface: ProviderFactory = () => ({
  id: 'huggingface',
  endpoints: {
    authorization: 'https://huggingface.co/oauth/authorize',
    token: 'https://huggingface.co/oauth/token',
    userinfo: 'https://huggingface.co/oauth/userinfo',
    jwks: 'https://huggingface.co/oauth/jwks',
    issuer: 'https://huggingface.co',
  },
  scopes: ['openid', 'profile', 'email'],
  pkce: true,
  idTokenSignIn: false,
  profile: userinfoProfile(OPENID_FIELDS),
});
