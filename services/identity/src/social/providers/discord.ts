import type { ProviderFactory } from '../provider-descriptor.js';
import { fetchUserinfo, firstText, text, toProfile, type JsonObject } from './profile-fields.js';

const CDN = 'https://cdn.discordapp.com';

/**
 * The user's avatar, or Discord's default one when they set none: users on the new unique usernames
 * (discriminator `0`) get `(id >> 22) % 6`, legacy users `discriminator % 5`.
 */
export const discordAvatarUrl = (user: JsonObject, id: string): string => {
  const avatar = text(user.avatar);
  if (avatar !== undefined) return `${CDN}/avatars/${id}/${avatar}.${avatar.startsWith('a_') ? 'gif' : 'png'}`;
  const discriminator = text(user.discriminator) ?? '0';
  const legacy = /^\d+$/.test(discriminator) && discriminator !== '0';
  const index = legacy ? Number(discriminator) % 5 : /^\d+$/.test(id) ? Number((BigInt(id) >> 22n) % 6n) : 0;
  return `${CDN}/embed/avatars/${index}.png`;
};

/**
 * Discord: `/users/@me`; its metadata advertises PKCE S256 and RFC 9207's `iss`, so both are used. `prompt=none` (the
 * reference's default) spares a user who already authorized the app a second consent screen.
 */
export const discord: ProviderFactory = () => ({
  id: 'discord',
  endpoints: {
    authorization: 'https://discord.com/api/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    userinfo: 'https://discord.com/api/users/@me',
    jwks: 'https://discord.com/api/oauth2/keys',
    issuer: 'https://discord.com',
  },
  scopes: ['identify', 'email'],
  pkce: true,
  idTokenSignIn: false,
  profile: async (sources) => {
    const user = await fetchUserinfo(sources);
    const id = text(user?.id);
    if (user === undefined || id === undefined) return null;
    const image = discordAvatarUrl(user, id);
    return toProfile({
      subject: id,
      email: user.email,
      emailVerified: user.verified === true,
      name: firstText(user.global_name, user.username),
      image,
      raw: { ...user, image_url: image },
    });
  },
  authorizationParameters: { prompt: 'none' },
});
