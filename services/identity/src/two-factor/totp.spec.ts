import { base32Encode } from './base32.js';
import { otpauthUri } from './otpauth-uri.js';
import { acceptedStep, hotp, totpStep } from './totp.js';

const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('computes RFC 6238 appendix B (SHA-1) at T=%i', (seconds, expected) => {
    expect(hotp(RFC_SECRET, totpStep(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  it('keeps the last 6 digits with the reference default length', () => {
    expect(hotp(RFC_SECRET, totpStep(new Date(59_000)))).toBe('287082');
  });

  const secret = 'abcdefghijklmnopqrstuvwxyz012345';
  const now = new Date('2026-11-28T12:00:10.000Z');
  const codeAt = (step: number) => hotp(Buffer.from(secret, 'utf8'), step);
  const current = totpStep(now);

  it('accepts the previous, current and next step, and nothing further', () => {
    expect(acceptedStep(secret, codeAt(current), now, null)).toBe(current);
    expect(acceptedStep(secret, codeAt(current - 1), now, null)).toBe(current - 1);
    expect(acceptedStep(secret, codeAt(current + 1), now, null)).toBe(current + 1);
    expect(acceptedStep(secret, codeAt(current - 2), now, null)).toBeNull();
    expect(acceptedStep(secret, codeAt(current + 2), now, null)).toBeNull();
  });

  it('refuses a code whose step, or a later one, was already accepted (replay)', () => {
    expect(acceptedStep(secret, codeAt(current), now, current)).toBeNull();
    expect(acceptedStep(secret, codeAt(current - 1), now, current)).toBeNull();
    expect(acceptedStep(secret, codeAt(current + 1), now, current)).toBe(current + 1);
  });
});

describe('base32 and the otpauth URI', () => {
  it.each([
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %s as RFC 4648 says, without padding', (input, expected) => {
    expect(base32Encode(Buffer.from(input, 'ascii'))).toBe(expected);
  });

  it('writes the key URI as 1.7 does: percent-encoded label, form-encoded issuer, no algorithm', () => {
    const uri = otpauthUri('A'.repeat(32), 'Acme Corp', 'ada+2fa@example.com');
    expect(uri).toBe(
      `otpauth://totp/Acme%20Corp:ada%2B2fa%40example.com?secret=${'IFAUCQKB'.repeat(6)}IFAQ&issuer=Acme+Corp&digits=6&period=30`,
    );
    expect(new URL(uri).searchParams.get('secret')).toHaveLength(52);
  });
});
