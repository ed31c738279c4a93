import type { ProviderFactory } from '../provider-descriptor.js';
import { userinfoProfile } from './profile-fields.js';

/** Zoom: `/v2/users/me`; `verified` is `1` for a verified account. No default scope: the app's own settings decide. */
export const zoom: ProviderFactory = () => ({
  id: 'zoom',
  endpoints: {
    authorization: 'https://zoom.us/oauth/authorize',
    token: 'https://zoom.us/oauth/token',
    userinfo: 'https://api.zoom.us/v2/users/me',
  },
  scopes: [],
  pkce: true,
  idTokenSignIn: false,
  profile: userinfoProfile({
    subject: 'id',
    email: 'email',
    verified: 'verified',
    name: ['display_name', ['first_name', 'last_name']],
    image: 'pic_url',
  }),
});
