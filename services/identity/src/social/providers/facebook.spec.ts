import { facebook } from './facebook.js';
import { ADA, answeredAt, fakeSources, fromIdToken, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = facebook({});
const ME = 'https://graph.facebook.com/v24.0/me?fields=id%2Cname%2Cemail%2Cpicture';
const PICTURE = 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=4815162342&height=50&width=50';

/** Graph `/me?fields=id,name,email,picture`: the address only when the user has a confirmed one. */
const graphMe = (person: Person) => ({
  picture: { data: { height: 50, width: 50, is_silhouette: false, url: PICTURE } },
  id: person.id,
  name: person.name,
  email: person.email,
});
/** The claims of a Limited Login id token. */
const limitedLoginClaims = (person: Person) => ({
  iss: 'https://www.facebook.com',
  aud: '1234567890123456',
  sub: person.id,
  exp: 1764343200,
  iat: 1764339600,
  nonce: 'a3f1c9',
  name: person.name,
  given_name: 'Ada',
  family_name: 'Lovelace',
  email: person.email,
  picture: PICTURE,
});

describe('facebook profile from the Graph', () => {
  const profileOf = answeredAt(descriptor, ME, graphMe);

  it('takes the picture URL', async () => {
    await expect(profileOf(ADA)).resolves.toMatchObject({ image: PICTURE, raw: graphMe(ADA) });
  });

  it.each(profileEdgeCases('never-verified', profileOf))('$title', ({ check }) => check());
});

describe('facebook profile from a Limited Login id token', () => {
  const profileOf = fromIdToken(descriptor, limitedLoginClaims);

  it('keys by sub, takes the picture, and asks the Graph nothing', async () => {
    const { sources, requests } = fakeSources(descriptor, {}, { idTokenClaims: limitedLoginClaims(ADA) });
    await expect(descriptor.profile(sources)).resolves.toMatchObject({ subject: ADA.id, image: PICTURE });
    expect(requests).toEqual([]);
  });

  it('accepts id tokens of its Limited Login issuer', () => {
    expect(descriptor).toMatchObject({ idTokenSignIn: true, endpoints: { issuer: 'https://www.facebook.com' } });
  });

  it.each(profileEdgeCases('never-verified', profileOf))('$title', ({ check }) => check());
});
