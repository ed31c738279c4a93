import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, toProfile } from './profile-fields.js';

const USER_FIELDS = 'open_id,avatar_large_url,display_name,username';

/**
 * TikTok (Login Kit v2): the client id is sent as `client_key`, scopes are comma-joined, and `/v2/user/info/` answers
 * `{data: {user}, error}`. TikTok shares no address with Login Kit, so a sign-in ends in `email_not_found`.
 */
export const tiktok: ProviderFactory = () => ({
  id: 'tiktok',
  endpoints: {
    authorization: 'https://www.tiktok.com/v2/auth/authorize',
    token: 'https://open.tiktokapis.com/v2/oauth/token/',
    userinfo: 'https://open.tiktokapis.com/v2/user/info/',
  },
  scopes: ['user.info.profile'],
  scopeSeparator: ',',
  clientIdParameter: 'client_key',
  // TikTok takes PKCE from mobile and desktop apps only.
  pkce: false,
  idTokenSignIn: false,
  profile: async (sources) => {
    const body = await fetchUserinfo(sources, { fields: USER_FIELDS });
    const user = asObject(asObject(body?.data)?.user);
    if (body === undefined || user === undefined) return null;
    return toProfile({
      subject: user.open_id,
      email: user.email,
      emailVerified: false,
      name: firstText(user.display_name, user.username),
      image: user.avatar_large_url,
      raw: body,
    });
  },
});
