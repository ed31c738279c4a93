import { linkedin } from './linkedin.js';
import { ADA, fakeSources, nameParts, profileEdgeCases, type Person } from './profile-sources.testing.js';

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
const profileOf = (person: Person | undefined) =>
  descriptor.profile(fakeSources(descriptor, person && { [USERINFO]: userinfo(person) }).sources);

describe('linkedin profile', () => {
  it.each(profileEdgeCases('flag'))('$title', async ({ person, expected }) => {
    await expect(profileOf(person)).resolves.toEqual(expected && expect.objectContaining(expected));
  });

  it('takes the picture and keeps the userinfo as raw', async () => {
    await expect(profileOf(ADA)).resolves.toMatchObject({ image: userinfo(ADA).picture, raw: userinfo(ADA) });
  });
});
