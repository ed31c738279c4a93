import { ADA, answeredAt, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { spotify } from './spotify.js';

const descriptor = spotify({});
const ME = 'https://api.spotify.com/v1/me';

/** Spotify's current user object with `user-read-email`. */
const spotifyUser = (person: Person, extra: Record<string, unknown>) => ({
  id: person.id,
  display_name: person.name ?? null,
  email: person.email,
  country: 'GB',
  images: [],
  uri: `spotify:user:${person.id}`,
  ...extra,
});
const profileOf = answeredAt(descriptor, ME, spotifyUser);

describe('spotify profile', () => {
  it('takes the first image, and none without images', async () => {
    const images = [{ url: 'https://i.scdn.co/image/ab67757000003b82', height: 300, width: 300 }, { url: 'x' }];
    await expect(profileOf(ADA, { images })).resolves.toMatchObject({ image: images[0]?.url, raw: { country: 'GB' } });
    await expect(profileOf(ADA, { images: [] })).resolves.toMatchObject({ image: null });
  });

  it.each(profileEdgeCases('never-verified', profileOf))('$title', ({ check }) => check());
});
