import { discord } from './discord.js';
import { ADA, answeredAt, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = discord({});
const ME = 'https://discord.com/api/users/@me';

/** A `/users/@me` body with the `email` scope (Discord's documented user object). */
const discordUser = (person: Person, extra: Record<string, unknown> = {}) => ({
  id: person.id,
  username: 'ada_l',
  discriminator: '0',
  global_name: person.name ?? null,
  avatar: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  email: person.email ?? null,
  verified: person.emailVerified,
  mfa_enabled: true,
  ...(person.name === undefined ? { username: undefined } : {}),
  ...extra,
});
const profileOf = answeredAt(descriptor, ME, discordUser);

describe('discord profile', () => {
  it('falls back to the username when no display name is set', async () => {
    await expect(profileOf(ADA, { global_name: null })).resolves.toMatchObject({ name: 'ada_l' });
  });

  it('builds the avatar URL, animated avatars as gif, and keeps it in the raw profile', async () => {
    const still = await profileOf(ADA);
    expect(still?.image).toBe(`https://cdn.discordapp.com/avatars/${ADA.id}/a1b2c3d4e5f60718293a4b5c6d7e8f90.png`);
    expect(still?.raw).toMatchObject({ image_url: still?.image, mfa_enabled: true });
    const animated = await profileOf(ADA, { avatar: 'a_0f1e2d3c' });
    expect(animated?.image).toBe(`https://cdn.discordapp.com/avatars/${ADA.id}/a_0f1e2d3c.gif`);
  });

  it("gives Discord's default avatar: (id >> 22) % 6 for new usernames, discriminator % 5 for legacy ones", async () => {
    const id = '80351110224678912'; // (id >> 22) % 6 === 5
    const modern = await profileOf({ ...ADA, id }, { avatar: null });
    expect(modern?.image).toBe('https://cdn.discordapp.com/embed/avatars/5.png');
    const legacy = await profileOf({ ...ADA, id }, { avatar: null, discriminator: '1337' });
    expect(legacy?.image).toBe('https://cdn.discordapp.com/embed/avatars/2.png');
  });

  it('asks with PKCE and without a second consent screen by default', () => {
    expect(descriptor).toMatchObject({
      pkce: true,
      scopes: ['identify', 'email'],
      authorizationParameters: { prompt: 'none' },
    });
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
