import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { tiktok } from './tiktok.js';

const descriptor = tiktok({});
const USER_INFO =
  'https://open.tiktokapis.com/v2/user/info/?fields=open_id%2Cavatar_large_url%2Cdisplay_name%2Cusername';

/** TikTok's `/v2/user/info/` answer for the fields asked: never an address. */
const userInfo = (person: Person) => ({
  data: {
    user: {
      open_id: person.id,
      avatar_large_url: 'https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/ada~c5_1080x1080.jpeg',
      display_name: person.name,
      username: person.name === undefined ? undefined : 'ada.lovelace',
    },
  },
  error: { code: 'ok', message: '', log_id: '20251128141500' },
});
const sourcesOf = (person: Person | undefined) => fakeSources(descriptor, person && { [USER_INFO]: userInfo(person) });

describe('tiktok profile', () => {
  const profileOf = async (person: Person | undefined) => descriptor.profile(sourcesOf(person).sources);

  it('asks for the profile fields, takes the large avatar and the username, and keeps the body as raw', async () => {
    const { sources, requests } = sourcesOf({ ...ADA, name: '' });
    const profile = await descriptor.profile(sources);
    expect(requests).toEqual([{ url: USER_INFO }]);
    expect(profile).toMatchObject({ name: 'ada.lovelace', image: userInfo(ADA).data.user.avatar_large_url });
    expect(profile?.raw).toMatchObject({ error: { code: 'ok' } });
  });

  it('sends the client id as client_key and comma-joins the scopes', () => {
    expect(descriptor).toMatchObject({ clientIdParameter: 'client_key', scopeSeparator: ',', pkce: false });
  });

  it.each(profileEdgeCases('no-email', profileOf))('$title', ({ check }) => check());
});
