import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { twitter } from './twitter.js';

const descriptor = twitter({});
const PROFILE = 'https://api.x.com/2/users/me?user.fields=profile_image_url';
const EMAIL = 'https://api.x.com/2/users/me?user.fields=confirmed_email';
const IMAGE = 'https://pbs.twimg.com/profile_images/1267175364003901441/tBZNFAgA_normal.jpg';

/** X's two `/2/users/me` answers: the profile, and the confirmed address (only an app with that permission). */
const answers = (person: Person) => ({
  [PROFILE]: {
    data: {
      id: person.id,
      name: person.name,
      username: person.name === undefined ? undefined : 'ada_l',
      profile_image_url: IMAGE,
    },
  },
  ...(person.email && { [EMAIL]: { data: { id: person.id, name: person.name, confirmed_email: person.email } } }),
});
const sourcesOf = (person: Person | undefined) => fakeSources(descriptor, person && answers(person));

describe('twitter profile', () => {
  const profileOf = async (person: Person | undefined) => descriptor.profile(sourcesOf(person).sources);

  it('asks for the picture and the confirmed address in two requests', async () => {
    const { sources, requests } = sourcesOf(ADA);
    const profile = await descriptor.profile(sources);
    expect(requests.map((request) => request.url)).toEqual([PROFILE, EMAIL]);
    expect(profile).toMatchObject({ image: IMAGE, raw: { data: { id: ADA.id, username: 'ada_l', email: ADA.email } } });
  });

  it('keeps the profile, without an address, when the address request fails', async () => {
    const { sources } = fakeSources(descriptor, { [PROFILE]: answers(ADA)[PROFILE] });
    await expect(descriptor.profile(sources)).resolves.toMatchObject({
      subject: ADA.id,
      email: null,
      emailVerified: false,
    });
  });

  it('falls back to the handle when there is no name', async () => {
    await expect(descriptor.profile(sourcesOf({ ...ADA, name: '' }).sources)).resolves.toMatchObject({ name: 'ada_l' });
  });

  it('authenticates at the token endpoint with HTTP Basic', () => {
    expect(descriptor.clientAuthentication).toBe('client_secret_basic');
  });

  it.each(profileEdgeCases('confirmed-only', profileOf))('$title', ({ check }) => check());
});
