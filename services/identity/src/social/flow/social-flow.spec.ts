import { calculatePKCECodeChallenge } from 'oauth4webapi';
import { codeChallengeOf, newCodeVerifier } from './social-flow.js';

describe('PKCE S256 challenge', () => {
  it("is RFC 7636's Appendix B example", () => {
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it("equals oauth4webapi's for the verifiers sign-in makes", async () => {
    for (let i = 0; i < 20; i++) {
      const verifier = newCodeVerifier();
      expect(codeChallengeOf(verifier)).toBe(await calculatePKCECodeChallenge(verifier));
    }
  });
});
