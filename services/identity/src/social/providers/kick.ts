import type { ProviderFactory } from '../provider-descriptor.js';
import { userinfoProfile } from './profile-fields.js';

/** Kick: `/public/v1/users` answers `{data: [user]}` for the token's user; it never says whether an address was verified. */
export const kick: ProviderFactory = () => ({
  id: 'kick',
  endpoints: {
    authorization: 'https://id.kick.com/oauth/authorize',
    token: 'https://id.kick.com/oauth/token',
    userinfo: 'https://api.kick.com/public/v1/users',
  },
  scopes: ['user:read'],
  pkce: true,
  idTokenSignIn: false,
  profile: userinfoProfile({
    root: 'data.0',
    subject: 'user_id',
    email: 'email',
    verified: false,
    name: ['name'],
    image: 'profile_picture',
  }),
});
