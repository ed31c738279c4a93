import { google } from '../providers/google.js';
import { microsoft } from '../providers/microsoft.js';
import { idTokenChecks, noncesAgree } from './id-token-rules.js';

describe('id-token rules', () => {
  it('wants the nonce on both sides, the same, whenever either side has one', () => {
    expect(noncesAgree(undefined, undefined, false)).toBe(true);
    expect(noncesAgree('n', 'n', false)).toBe(true);
    expect(noncesAgree('n', 'm', false)).toBe(false);
    // Stricter than the reference: a token minted with a nonce for someone else's request is not taken without it.
    expect(noncesAgree(undefined, 'n', false)).toBe(false);
    expect(noncesAgree('n', undefined, false)).toBe(false);
  });

  it('refuses a token without a nonce when ID_TOKEN_REQUIRE_NONCE is on', () => {
    expect(noncesAgree(undefined, undefined, true)).toBe(false);
    expect(noncesAgree('n', 'n', true)).toBe(true);
  });

  it("checks the audience, each spelling of the issuer, the claims and the token's age", () => {
    expect(idTokenChecks(google({}), 'client')).toEqual({
      audience: 'client',
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
      maxTokenAge: '1h',
      clockTolerance: 30,
    });
    // Multi-tenant Microsoft has no single issuer: its profile binds the token's issuer to its tenant instead.
    expect(idTokenChecks(microsoft({ tenantId: 'common' }), 'client')).not.toHaveProperty('issuer');
  });
});
