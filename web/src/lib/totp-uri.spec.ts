import { describe, expect, it } from '@jest/globals';
import { groupSecret, readTotpUri } from './totp-uri';

describe('readTotpUri', () => {
  it('reads the secret, the issuer and the account of a key URI', () => {
    const uri = 'otpauth://totp/Acme%20Corp:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme+Corp&digits=6';
    expect(readTotpUri(uri)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Acme Corp', account: 'ada@example.com' });
  });

  it('takes the issuer from the label when the query has none, and a label without issuer as the account', () => {
    expect(readTotpUri('otpauth://totp/authsvc:ada@example.com?secret=ABC')?.issuer).toBe('authsvc');
    expect(readTotpUri('otpauth://totp/ada@example.com?secret=ABC')).toEqual({
      secret: 'ABC',
      issuer: null,
      account: 'ada@example.com',
    });
  });

  it.each([
    ['not a URI', 'secret=ABC'],
    ['another scheme', 'https://totp/a:b?secret=ABC'],
    ['a counter-based key', 'otpauth://hotp/a:b?secret=ABC&counter=1'],
    ['no secret', 'otpauth://totp/a:b?issuer=a'],
  ])('refuses %s', (_what, uri) => {
    expect(readTotpUri(uri)).toBeNull();
  });
});

describe('groupSecret', () => {
  it('splits the secret in groups of four, the last one shorter', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('ignores spaces already there and takes another group size', () => {
    expect(groupSecret('ab cd ef', 3)).toBe('abc def');
  });

  it('gives nothing for nothing', () => {
    expect(groupSecret('')).toBe('');
  });
});
