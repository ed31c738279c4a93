import { ADA, answeredAt, fakeSources, nameParts, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { vk } from './vk.js';

const descriptor = vk({});
const USER_INFO = 'https://id.vk.com/oauth2/user_info';

/** VK ID's `oauth2/user_info` answer. */
const userInfo = (person: Person) => ({
  user: {
    user_id: person.id,
    first_name: nameParts(person).given,
    last_name: nameParts(person).family,
    phone: '79991234567',
    avatar: 'https://sun1-94.userapi.com/s/v1/ig2/ada.jpg?size=200x200',
    email: person.email,
    sex: 1,
    verified: false,
    birthday: '10.12.1815',
  },
});
const profileOf = answeredAt(descriptor, USER_INFO, userInfo);

describe('vk profile', () => {
  it('keys by user.user_id, joins the names, takes the avatar, and keeps the whole answer as raw', async () => {
    await expect(profileOf(ADA)).resolves.toEqual({
      subject: ADA.id,
      email: ADA.email,
      emailVerified: false,
      name: 'Ada Lovelace',
      image: userInfo(ADA).user.avatar,
      raw: userInfo(ADA),
    });
  });

  it('a first name alone is the name', async () => {
    await expect(profileOf({ ...ADA, name: 'Ada' })).resolves.toMatchObject({ name: 'Ada' });
  });

  it('posts the client id and the access token as a form, as VK ID wants them', async () => {
    const given = { tokenResponse: { access_token: 'vk-token' } };
    const { sources, requests } = fakeSources(descriptor, { [USER_INFO]: userInfo(ADA) }, given);
    await descriptor.profile(sources);
    expect(requests).toEqual([
      { url: USER_INFO, body: { form: { client_id: 'client-id', access_token: 'vk-token' } } },
    ]);
  });

  it.each(profileEdgeCases('never-verified', profileOf))('$title', ({ check }) => check());
});
