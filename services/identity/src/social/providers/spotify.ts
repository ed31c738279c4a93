import type { ProviderFactory } from '../provider-descriptor.js';
import { userinfoProfile } from './profile-fields.js';

/** Spotify: `/v1/me`; it never says whether the address was verified. */
export const spotify: ProviderFactory = () => ({
  id: 'spotify',
  endpoints: {
    authorization: 'https://accounts.spotify.com/authorize',
    token: 'https://accounts.spotify.com/api/token',
    userinfo: 'https://api.spotify.com/v1/me',
  },
  scopes: ['user-read-email'],
  pkce: true,
  idTokenSignIn: false,
  profile: userinfoProfile({
    subject: 'id',
    email: 'email',
    verified: false,
    name: ['display_name'],
    image: 'images.0.url',
  }),
});
