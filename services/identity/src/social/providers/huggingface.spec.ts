import { huggingface } from './huggingface.js';
import { ADA, answeredAt, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = huggingface({});
const USERINFO = 'https://huggingface.co/oauth/userinfo';

/** Hugging Face's OpenID userinfo with `profile email`. */
const userinfo = (person: Person, extra: Record<string, unknown> = {}) => ({
  sub: person.id,
  name: person.name,
  preferred_username: person.name === undefined ? undefined : 'ada',
  profile: 'https://huggingface.co/ada',
  picture: 'https://cdn-avatars.huggingface.co/v1/production/uploads/ada.png',
  email: person.email,
  email_verified: person.emailVerified,
  isPro: false,
  ...extra,
});
const profileOf = answeredAt(descriptor, USERINFO, userinfo);

describe('huggingface profile', () => {
  it('takes the picture, the username when there is no name, and keeps the userinfo as raw', async () => {
    const profile = await profileOf(ADA, { name: '' });
    expect(profile).toMatchObject({ name: 'ada', image: userinfo(ADA).picture, raw: { isPro: false } });
  });

  it('an absent email_verified is not a yes', async () => {
    await expect(profileOf({ ...ADA, emailVerified: undefined })).resolves.toMatchObject({ emailVerified: false });
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
