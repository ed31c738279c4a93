import { apple } from './apple.js';
import {
  ADA,
  fakeSources,
  nameParts,
  profileEdgeCases,
  type Person,
  type ProfileOf,
} from './profile-sources.testing.js';

const descriptor = apple({});

/** The claims of Apple's id token: `email_verified` arrives as a string or a boolean, and there is never a name. */
const idTokenClaims = (person: Person, emailVerified: unknown = person.emailVerified ? 'true' : 'false') => ({
  iss: 'https://appleid.apple.com',
  aud: 'com.example.web',
  exp: 1764426000,
  iat: 1764339600,
  sub: person.id,
  nonce: 'c2f9a6',
  c_hash: 'x2W3Xq2fTQ',
  email: person.email,
  email_verified: emailVerified,
  is_private_email: 'false',
  auth_time: 1764339590,
  nonce_supported: true,
});
/** The `user` form field Apple posts on the first consent only. */
const postedUser = (person: Person) => ({
  name: { firstName: nameParts(person).given, lastName: nameParts(person).family },
  email: person.email,
});
/** `extra.later`: a later sign-in, when Apple posts no user. */
const profileOf: ProfileOf = (person, extra = {}) => {
  const callbackUser = person && extra.later !== true ? postedUser(person) : undefined;
  return descriptor.profile(
    fakeSources(descriptor, {}, person && { idTokenClaims: idTokenClaims(person), callbackUser }).sources,
  );
};

describe('apple profile', () => {
  it("keys by Apple's team-scoped sub", async () => {
    const sub = '001234.5a0e8f3c9b7d4e21a6f0c3b8d9e7f412.0815';
    await expect(profileOf({ ...ADA, id: sub })).resolves.toMatchObject({ subject: sub });
  });

  it('takes the name from the first consent, and none on later sign-ins', async () => {
    await expect(profileOf(ADA)).resolves.toMatchObject({ name: 'Ada Lovelace', raw: { name: 'Ada Lovelace' } });
    await expect(profileOf(ADA, { later: true })).resolves.toMatchObject({ name: '', image: null });
  });

  it('never takes the address from the unsigned posted user', async () => {
    const { sources } = fakeSources(
      descriptor,
      {},
      {
        idTokenClaims: idTokenClaims({ ...ADA, email: undefined }),
        callbackUser: postedUser({ ...ADA, email: 'mallory@example.com' }),
      },
    );
    await expect(descriptor.profile(sources)).resolves.toMatchObject({ email: null, emailVerified: false });
  });

  it('reads email_verified as a boolean too', async () => {
    const { sources } = fakeSources(descriptor, {}, { idTokenClaims: idTokenClaims(ADA, true) });
    await expect(descriptor.profile(sources)).resolves.toMatchObject({ emailVerified: true });
  });

  it('answers by form_post, with PKCE, and takes id tokens of appleid.apple.com', () => {
    expect(descriptor).toMatchObject({
      authorizationParameters: { response_mode: 'form_post' },
      pkce: true,
      idTokenSignIn: true,
      endpoints: { issuer: 'https://appleid.apple.com', jwks: 'https://appleid.apple.com/auth/keys' },
    });
  });

  it.each(profileEdgeCases('flag', profileOf))('$title', ({ check }) => check());
});
