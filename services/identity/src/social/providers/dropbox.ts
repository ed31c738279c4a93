import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, toProfile } from './profile-fields.js';

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
  profile: async (sources) => {
    const account = await fetchUserinfo(sources);
    if (account === undefined) return null;
    return toProfile({
      subject: account.account_id,
      email: account.email,
      emailVerified: account.email_verified === true,
      name: firstText(asObject(account.name)?.display_name),
      image: account.profile_photo_url,
      raw: account,
    });
  },
});
