import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, toProfile } from './profile-fields.js';

/** Kick: `/public/v1/users` answers `{data: [user]}` for the token's user; it never says whether the address was verified. */
export const kick: ProviderFactory = () => ({
  id: 'kick',
  endpoints: {
    authorization: 'https://id.kick.com/oauth/authorize',
    token: 'https://id.kick.com/oauth/token',
    userinfo: 'https://api.kick.com/public/v1/users',
  },
  scopes: ['user:read'],
  pkce: true,
  idTokenSignIn: false,
  profile: async (sources) => {
    const body = await fetchUserinfo(sources);
    const user = asObject(Array.isArray(body?.data) ? body.data[0] : undefined);
    if (user === undefined) return null;
    return toProfile({
      subject: user.user_id,
      email: user.email,
      emailVerified: false,
      name: firstText(user.name),
      image: user.profile_picture,
      raw: user,
    });
  },
});
