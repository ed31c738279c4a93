import { ADA, answeredAt, nameParts, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { zoom } from './zoom.js';

const descriptor = zoom({});
const ME = 'https://api.zoom.us/v2/users/me';

/** Zoom's `/v2/users/me`: `verified` is `1` or `0`. */
const zoomUser = (person: Person, extra: Record<string, unknown> = {}) => ({
  id: person.id,
  first_name: nameParts(person).given,
  last_name: nameParts(person).family,
  display_name: person.name,
  email: person.email,
  verified: person.emailVerified ? 1 : 0,
  pic_url: 'https://us05web.zoom.us/p/v2/ada.png',
  type: 1,
  ...extra,
});
const profileOf = answeredAt(descriptor, ME, zoomUser);

describe('zoom profile', () => {
  it('joins first and last name without a display name, and takes the picture', async () => {
    await expect(profileOf(ADA, { display_name: undefined })).resolves.toMatchObject({
      name: 'Ada Lovelace',
      image: zoomUser(ADA).pic_url,
    });
  });

  it('sends PKCE and no default scope', () => {
    expect(descriptor).toMatchObject({ pkce: true, scopes: [] });
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
