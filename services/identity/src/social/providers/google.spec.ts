import { google } from './google.js';
import { fromIdToken, profileEdgeCases } from './profile-sources.testing.js';

const descriptor = google({});
const profileOf = fromIdToken(descriptor, (person, extra) => ({
  sub: person.id,
  email: person.email,
  email_verified: person.emailVerified,
  name: person.name,
  picture: 'https://lh3.googleusercontent.com/a/ada',
  ...extra,
}));

describe('google profile', () => {
  it('reads the id token, asking back the scopes granted before', async () => {
    expect(descriptor.authorizationParameters).toEqual({ include_granted_scopes: 'true' });
    expect(descriptor.scopes).toEqual(['email', 'profile', 'openid']);
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
