import { kick } from './kick.js';
import { ADA, answeredAt, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = kick({});
const USERS = 'https://api.kick.com/public/v1/users';

/** Kick's `/public/v1/users` answer for the token's own user: `user_id` is a JSON number. */
const usersAnswer = (person: Person) => ({
  data: [
    {
      user_id: person.id === undefined ? undefined : Number(person.id),
      name: person.name,
      email: person.email,
      profile_picture: 'https://files.kick.com/images/user/4815162342/profile_image/conversion/ada.webp',
    },
  ],
  message: 'OK',
});
const profileOf = answeredAt(descriptor, USERS, usersAnswer);

describe('kick profile', () => {
  it('maps the first user of the list, its numeric id as a string, and keeps that user as raw', async () => {
    const profile = await profileOf(ADA);
    expect(profile).toMatchObject({ subject: '4815162342', image: usersAnswer(ADA).data[0]?.profile_picture });
    expect(profile?.raw).toEqual(usersAnswer(ADA).data[0]);
  });

  it('an empty list is no profile', async () => {
    const { sources } = fakeSources(descriptor, { [USERS]: { data: [], message: 'OK' } });
    await expect(descriptor.profile(sources)).resolves.toBeNull();
  });

  it.each(profileEdgeCases('never-verified', profileOf))('$title', ({ check }) => check());
});
