import { ADA, fromIdToken, profileEdgeCases, type Person } from './profile-sources.testing.js';
import { twitch } from './twitch.js';

const descriptor = twitch({});

/** The claims of Twitch's id token, with the claims the authorization request names. */
const idTokenClaims = (person: Person) => ({
  iss: 'https://id.twitch.tv/oauth2',
  aud: 'hof5gwx0su6owfnys0nyan9c87zr6t',
  sub: person.id,
  azp: 'hof5gwx0su6owfnys0nyan9c87zr6t',
  exp: 1764340000,
  iat: 1764339100,
  nonce: 'n-0S6_WzA2Mj',
  preferred_username: person.name,
  picture: 'https://static-cdn.jtvnw.net/jtv_user_pictures/ada-profile_image-300x300.png',
  email: person.email,
  email_verified: person.emailVerified,
});
const profileOf = fromIdToken(descriptor, idTokenClaims);

describe('twitch profile', () => {
  it('takes the picture and keeps the claims as raw', async () => {
    await expect(profileOf(ADA)).resolves.toMatchObject({ image: idTokenClaims(ADA).picture, raw: idTokenClaims(ADA) });
  });

  it('asks for the profile claims in the id token by name', () => {
    expect(JSON.parse(descriptor.authorizationParameters?.claims ?? '{}')).toEqual({
      id_token: { email: null, email_verified: null, preferred_username: null, picture: null },
    });
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
