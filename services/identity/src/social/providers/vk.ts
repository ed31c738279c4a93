import type { ProviderFactory } from '../provider-descriptor.js';
import { userinfoProfile } from './profile-fields.js';

/** VK ID: `oauth2/user_info` answers `{user: {user_id, first_name, last_name, email, avatar, …}}`. */
export const vk: ProviderFactory = () => ({
  id: 'vk',
  endpoints: {
    authorization: 'https://id.vk.com/authorize',
    token: 'https://id.vk.com/oauth2/auth',
    userinfo: 'https://id.vk.com/oauth2/user_info',
  },
  scopes: ['email', 'phone'],
  pkce: true,
  idTokenSignIn: false,
  // The whole answer stays the raw profile, as the reference's account-info shows it.
  profile: userinfoProfile(
    {
      subject: 'user.user_id',
      email: 'user.email',
      verified: false,
      name: [['user.first_name', 'user.last_name']],
      image: 'user.avatar',
    },
    // VK ID reads the token from a POST form with the client id, not from a bearer header.
    {
      body: ({ clientId, tokenResponse }) => ({
        form: { client_id: clientId, access_token: String(tokenResponse.access_token ?? '') },
      }),
    },
  ),
});
