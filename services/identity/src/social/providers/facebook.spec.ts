import { facebook } from './facebook.js';
import { ADA, fakeSources, profileEdgeCases, type Person } from './profile-sources.testing.js';

const descriptor = facebook({});
const ME = 'https://graph.facebook.com/v24.0/me?fields=id%2Cname%2Cemail%2Cpicture';
const PICTURE = 'https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=4815162342&height=50&width=50';

/** Graph `/me?fields=id,name,email,picture`: the address only when the user has a confirmed one. */
const graphMe = (person: Person) => ({
  id: person.id,
  name: person.name,
  email: person.email,
  picture: { data: { height: 50, width: 50, is_silhouette: false, url: PICTURE } },
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
  const profileOf = (person: Person | undefined) =>
    descriptor.profile(fakeSources(descriptor, person && { [ME]: graphMe(person) }).sources);

  it.each(profileEdgeCases('never-verified'))('$title', async ({ person, expected }) => {
    await expect(profileOf(person)).resolves.toEqual(expected && expect.objectContaining(expected));
  });

  it('takes the picture URL', async () => {
    await expect(profileOf(ADA)).resolves.toMatchObject({ image: PICTURE, raw: graphMe(ADA) });
  });
});

describe('facebook profile from a Limited Login id token', () => {
  const profileOf = (person: Person | undefined) =>
    descriptor.profile(fakeSources(descriptor, {}, person && { idTokenClaims: limitedLoginClaims(person) }).sources);

  it.each(profileEdgeCases('never-verified'))('$title', async ({ person, expected }) => {
    await expect(profileOf(person)).resolves.toEqual(expected && expect.objectContaining(expected));
  });

  it('keys by sub, takes the picture, and asks the Graph nothing', async () => {
    const { sources, requests } = fakeSources(descriptor, {}, { idTokenClaims: limitedLoginClaims(ADA) });
    await expect(descriptor.profile(sources)).resolves.toMatchObject({ subject: ADA.id, image: PICTURE });
    expect(requests).toEqual([]);
  });

  it('accepts id tokens of its Limited Login issuer', () => {
    expect(descriptor).toMatchObject({ idTokenSignIn: true, endpoints: { issuer: 'https://www.facebook.com' } });
  });
});
