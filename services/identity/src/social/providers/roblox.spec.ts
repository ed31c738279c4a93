import { ADA, answeredAt, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { roblox } from './roblox.js';

const descriptor = roblox({});
const USERINFO = 'https://apis.roblox.com/oauth/v1/userinfo';

/** Roblox's userinfo with `openid profile` (plus `email` when the operator adds that scope). */
const userinfo = (person: Person, extra: Record<string, unknown> = {}) => ({
  sub: person.id,
  name: person.name,
  nickname: person.name,
  preferred_username: person.name === undefined ? undefined : 'ada_lovelace',
  created_at: 1584682495,
  profile: `https://www.roblox.com/users/${person.id}/profile`,
  picture: 'https://tr.rbxcdn.com/03dc2a9abe7b1aacaaf93ea46d5c0646/150/150/AvatarHeadshot/Png',
  email: person.email,
  email_verified: person.emailVerified,
  ...extra,
});
const profileOf = answeredAt(descriptor, USERINFO, userinfo);

describe('roblox profile', () => {
  it('names the user by display name, else username, and takes the headshot (null while moderated)', async () => {
    await expect(profileOf(ADA, { nickname: '' })).resolves.toMatchObject({
      name: 'ada_lovelace',
      image: userinfo(ADA).picture,
    });
    await expect(profileOf(ADA, { picture: null })).resolves.toMatchObject({ image: null });
  });

  it.each(profileEdgeCases('never-verified', profileOf))('$title', ({ check }) => check());
});
