import { linkedin } from './linkedin.js';
import { ADA, answeredAt, nameParts, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = linkedin({});
const USERINFO = 'https://api.linkedin.com/v2/userinfo';

/** LinkedIn's OpenID userinfo. */
const userinfo = (person: Person) => ({
  sub: person.id,
  name: person.name,
  given_name: nameParts(person).given,
  family_name: nameParts(person).family,
  picture: 'https://media.licdn.com/dms/image/C4E03AQ/profile-displayphoto-shrink_100_100/0/ada',
  locale: { country: 'GB', language: 'en' },
  email: person.email,
  email_verified: person.emailVerified,
});
const profileOf = answeredAt(descriptor, USERINFO, userinfo);

describe('linkedin profile', () => {
  it('takes the picture and keeps the userinfo as raw', async () => {
    await expect(profileOf(ADA)).resolves.toMatchObject({ image: userinfo(ADA).picture, raw: userinfo(ADA) });
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
