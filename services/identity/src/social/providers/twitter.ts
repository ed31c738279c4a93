import type { ProfileSources, ProviderFactory } from '../provider-descriptor.js';
import { asObject, fetchUserinfo, firstText, text, toProfile, type JsonObject } from './profile-fields.js';

/** The `data` of `/2/users/me` with the one extra user field asked for. */
const userWith = async (sources: ProfileSources, field: string): Promise<JsonObject | undefined> =>
  asObject((await fetchUserinfo(sources, { query: { 'user.fields': field } }))?.data);

/**
 * X (Twitter): `/2/users/me`. The address is only `confirmed_email` (needs `users.email` and the app's permission),
 * fetched apart so that an app without that permission still gets the profile, with no email.
 */
export const twitter: ProviderFactory = () => ({
  id: 'twitter',
  endpoints: {
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    userinfo: 'https://api.x.com/2/users/me',
  },
  scopes: ['users.read', 'tweet.read', 'offline.access', 'users.email'],
  pkce: true,
  idTokenSignIn: false,
  clientAuthentication: 'client_secret_basic',
  profile: async (sources) => {
    const user = await userWith(sources, 'profile_image_url');
    if (user === undefined) return null;
    const email = text((await userWith(sources, 'confirmed_email'))?.confirmed_email);
    return toProfile({
      subject: user.id,
      email,
      // X only hands out an address its owner confirmed.
      emailVerified: email !== undefined,
      name: firstText(user.name, user.username),
      image: user.profile_image_url,
      raw: { data: email === undefined ? user : { ...user, email } },
    });
  },
});
