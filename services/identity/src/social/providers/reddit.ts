import type { ProviderFactory } from '../provider-descriptor.js';
import { fetchUserinfo, firstText, text, toProfile } from './profile-fields.js';

/** Reddit's API refuses or throttles requests without a descriptive User-Agent. */
const USER_AGENT = 'authsvc';

/** Reddit: `/api/v1/me`, which never carries an address (so a sign-in ends in `email_not_found`). */
export const reddit: ProviderFactory = () => ({
  id: 'reddit',
  endpoints: {
    authorization: 'https://www.reddit.com/api/v1/authorize',
    token: 'https://www.reddit.com/api/v1/access_token',
    userinfo: 'https://oauth.reddit.com/api/v1/me',
  },
  scopes: ['identity'],
  pkce: false,
  idTokenSignIn: false,
  clientAuthentication: 'client_secret_basic',
  profile: async (sources) => {
    const user = await fetchUserinfo(sources, { headers: { 'user-agent': USER_AGENT } });
    // The icon URL carries resizing parameters that expire; the bare path stays valid.
    const image = text(user?.icon_img)?.split('?')[0];
    return user === undefined ? null : toProfile({ subject: user.id, name: firstText(user.name), image, raw: user });
  },
});
