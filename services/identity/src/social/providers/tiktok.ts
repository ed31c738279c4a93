import type { ProviderFactory } from '../provider-descriptor.js';
import { userinfoProfile } from './profile-fields.js';

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
  // The whole answer stays the raw profile, as the reference's account-info shows it.
  profile: userinfoProfile(
    {
      subject: 'data.user.open_id',
      email: 'data.user.email',
      verified: false,
      name: ['data.user.display_name', 'data.user.username'],
      image: 'data.user.avatar_large_url',
    },
    { query: { fields: 'open_id,avatar_large_url,display_name,username' } },
  ),
});
