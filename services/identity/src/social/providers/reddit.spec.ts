import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { reddit } from './reddit.js';

const descriptor = reddit({});
const ME = 'https://oauth.reddit.com/api/v1/me';
const ICON = 'https://styles.redditmedia.com/t5_2qh1i/styles/profileIcon_ada.png';

/** Reddit's `/api/v1/me` (scope `identity`): it carries no address, only whether one was verified. */
const redditMe = (person: Person) => ({
  id: person.id,
  name: person.name,
  icon_img: `${ICON}?width=256&height=256&crop=256:256,smart&s=0b6d8ec1`,
  has_verified_email: person.emailVerified,
  total_karma: 42,
});
const sourcesOf = (person: Person | undefined) => fakeSources(descriptor, person && { [ME]: redditMe(person) });

describe('reddit profile', () => {
  const profileOf = async (person: Person | undefined) => descriptor.profile(sourcesOf(person).sources);

  it('strips the expiring resize parameters from the icon and keeps the body as raw', async () => {
    await expect(descriptor.profile(sourcesOf(ADA).sources)).resolves.toMatchObject({
      image: ICON,
      raw: { total_karma: 42 },
    });
  });

  it('identifies itself with a User-Agent, which Reddit requires', async () => {
    const { sources, requests } = sourcesOf(ADA);
    await descriptor.profile(sources);
    expect(requests).toEqual([{ url: ME, headers: { 'user-agent': 'authsvc' } }]);
  });

  it('authenticates at the token endpoint with HTTP Basic', () => {
    expect(descriptor.clientAuthentication).toBe('client_secret_basic');
  });

  it.each(profileEdgeCases('no-email', profileOf))('$title', ({ check }) => check());
});
