import type { ProviderFactory } from '../provider-descriptor.js';
import { fetchUserinfo, firstText, joinNames, toProfile } from './profile-fields.js';

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
  profile: async (sources) => {
    const user = await fetchUserinfo(sources);
    if (user === undefined) return null;
    return toProfile({
      subject: user.id,
      email: user.email,
      emailVerified: user.verified === 1 || user.verified === true,
      name: firstText(user.display_name, joinNames(user.first_name, user.last_name)),
      image: user.pic_url,
      raw: user,
    });
  },
});
