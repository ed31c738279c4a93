import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { spotify } from './spotify.js';

const descriptor = spotify({});
const ME = 'https://api.spotify.com/v1/me';

/** Spotify's current user object with `user-read-email`. */
const spotifyUser = (person: Person, images: unknown[] = []) => ({
  id: person.id,
  display_name: person.name ?? null,
  email: person.email,
  country: 'GB',
  images,
  uri: `spotify:user:${person.id}`,
});
const profileOf = (person: Person | undefined, images?: unknown[]) =>
  descriptor.profile(fakeSources(descriptor, person && { [ME]: spotifyUser(person, images) }).sources);

describe('spotify profile', () => {
  it.each(profileEdgeCases('never-verified'))('$title', async ({ person, expected }) => {
    await expect(profileOf(person)).resolves.toEqual(expected && expect.objectContaining(expected));
  });

  it('takes the first image, and none without images', async () => {
    const images = [{ url: 'https://i.scdn.co/image/ab67757000003b82', height: 300, width: 300 }, { url: 'x' }];
    await expect(profileOf(ADA, images)).resolves.toMatchObject({ image: images[0]?.url, raw: { country: 'GB' } });
    await expect(profileOf(ADA, [])).resolves.toMatchObject({ image: null });
  });
});
