import type { ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, toProfile } from './profile-fields.js';

/** Spotify: `/v1/me`; it never says whether the address was verified. */
export const spotify: ProviderFactory = () => ({
  id: 'spotify',
  endpoints: {
    authorization: 'https://accounts.spotify.com/authorize',
    token: 'https://accounts.spotify.com/api/token',
    userinfo: 'https://api.spotify.com/v1/me',
  },
  scopes: ['user-read-email'],
  pkce: true,
  idTokenSignIn: false,
  profile: async (sources) => {
    const user = await fetchUserinfo(sources);
    if (user === undefined) return null;
    const images = Array.isArray(user.images) ? user.images : [];
    return toProfile({
      subject: user.id,
      email: user.email,
      emailVerified: false,
      name: firstText(user.display_name),
      image: asObject(images[0])?.url,
      raw: user,
    });
  },
});
