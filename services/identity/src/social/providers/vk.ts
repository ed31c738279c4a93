import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, joinNames, toProfile } from './profile-fields.js';

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
  profile: async (sources) => {
    const body = await fetchUserinfo(sources);
    const user = asObject(body?.user);
    if (body === undefined || user === undefined) return null;
    return toProfile({
      subject: user.user_id,
      email: user.email,
      emailVerified: false,
      name: joinNames(user.first_name, user.last_name),
      image: user.avatar,
      raw: body,
    });
  },
});
