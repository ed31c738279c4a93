import { dropbox } from './dropbox.js';
import { ADA, answeredAt, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = dropbox({});
const ACCOUNT = 'https://api.dropboxapi.com/2/users/get_current_account';

/** Dropbox's FullAccount. */
const fullAccount = (person: Person, extra: Record<string, unknown> = {}) => ({
  account_id: person.id,
  name: {
    given_name: 'Ada',
    surname: 'Lovelace',
    familiar_name: 'Ada',
    display_name: person.name,
    abbreviated_name: 'AL',
  },
  email: person.email,
  email_verified: person.emailVerified,
  disabled: false,
  country: 'GB',
  ...extra,
});
const profileOf = answeredAt(descriptor, ACCOUNT, fullAccount);

describe('dropbox profile', () => {
  it('keys the account by its account_id', async () => {
    const accountId = 'dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc';
    await expect(profileOf({ ...ADA, id: accountId })).resolves.toMatchObject({ subject: accountId });
  });

  it('takes the profile photo when there is one', async () => {
    const photo = 'https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3s';
    await expect(profileOf(ADA, { profile_photo_url: photo })).resolves.toMatchObject({ image: photo });
    await expect(profileOf(ADA)).resolves.toMatchObject({ image: null, raw: { country: 'GB' } });
  });

  it('asks its RPC endpoint with a POST of the JSON null', async () => {
    const { sources, requests } = fakeSources(descriptor, { [ACCOUNT]: fullAccount(ADA) });
    await descriptor.profile(sources);
    expect(requests).toEqual([{ url: ACCOUNT, body: { json: null } }]);
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
