import { openIdProvider } from './openid.js';
import { ADA, fakeSources, fromIdToken, profileEdgeCases } from './profile-sources.testing.js';

const USERINFO = 'https://idp.acme.example/userinfo';
const descriptor = openIdProvider('acme', {
  authorization: 'https://idp.acme.example/authorize',
  token: 'https://idp.acme.example/token',
  userinfo: USERINFO,
  issuer: 'https://idp.acme.example',
});
const claimsOf = fromIdToken(descriptor, (person, extra) => ({
  sub: person.id,
  email: person.email,
  email_verified: person.emailVerified,
  name: person.name,
  ...extra,
}));

describe('generic OpenID profile', () => {
  it.each(profileEdgeCases('flag', claimsOf))('$title', ({ check }) => check());

  it("completes a token without an address from userinfo, for the token's subject only", async () => {
    const claims = { sub: ADA.id };
    const info = { sub: ADA.id, email: ADA.email, email_verified: true };
    const same = fakeSources(descriptor, { [USERINFO]: info }, { idTokenClaims: claims });
    await expect(descriptor.profile(same.sources)).resolves.toMatchObject({ email: ADA.email, emailVerified: true });
    const other = fakeSources(descriptor, { [USERINFO]: { ...info, sub: 'someone-else' } }, { idTokenClaims: claims });
    await expect(descriptor.profile(other.sources)).resolves.toMatchObject({ subject: ADA.id, email: null });
  });
});
