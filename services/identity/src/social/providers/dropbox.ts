import type { ProviderFactory } from '../provider-descriptor.js';
import { userinfoProfile } from './profile-fields.js';

/** Dropbox: `users/get_current_account` (`account_id`, `name.display_name`, `email_verified`). */
export const dropbox: ProviderFactory = () => ({
  id: 'dropbox',
  endpoints: {
    authorization: 'https://www.dropbox.com/oauth2/authorize',
    token: 'https://api.dropboxapi.com/oauth2/token',
    userinfo: 'https://api.dropboxapi.com/2/users/get_current_account',
  },
  scopes: ['account_info.read'],
  pkce: true,
  idTokenSignIn: false,
  profile: userinfoProfile(
    {
      subject: 'account_id',
      email: 'email',
      verified: 'email_verified',
      name: ['name.display_name'],
      image: 'profile_photo_url',
    },
    // An RPC endpoint: POST with the JSON body `null`.
    { body: () => ({ json: null }) },
  ),
});
