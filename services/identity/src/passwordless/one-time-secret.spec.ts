import {
  decideOtp,
  keyedHash,
  newMagicLinkToken,
  newOtp,
  OTP_ALLOWED_ATTEMPTS,
  sameDigest,
  type StoredOtp,
} from './one-time-secret.js';

const KEY = 'k'.repeat(32);
const stored = (code: string, overrides: Partial<StoredOtp> = {}): StoredOtp => ({
  codeHash: keyedHash(KEY, 'otp', code),
  expiresAt: 1_000_000,
  attemptsBefore: 0,
  ...overrides,
});

describe('one-time secrets', () => {
  it('makes magic-link tokens of 32 letters and codes of 6 digits, each new', () => {
    expect(newMagicLinkToken()).toMatch(/^[a-zA-Z]{32}$/);
    expect(newOtp()).toMatch(/^\d{6}$/);
    expect(new Set(Array.from({ length: 20 }, newMagicLinkToken)).size).toBe(20);
  });

  it('stores a keyed hash that depends on the key, the purpose and the value, never the value', () => {
    const hash = keyedHash(KEY, 'otp', '123456');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain('123456');
    expect(keyedHash('another key', 'otp', '123456')).not.toBe(hash);
    expect(keyedHash(KEY, 'magic-link', '123456')).not.toBe(hash);
    expect(keyedHash(KEY, 'otp', '123457')).not.toBe(hash);
  });

  it('compares digests whole: different lengths and empty digests never match', () => {
    const hash = keyedHash(KEY, 'otp', '1');
    expect(sameDigest(hash, hash)).toBe(true);
    expect(sameDigest(hash, hash.slice(0, 22))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });
});

describe('decideOtp', () => {
  const enter = (code: string) => keyedHash(KEY, 'otp', code);

  it('accepts the right code before its expiry and refuses a wrong one', () => {
    expect(decideOtp(stored('123456'), enter('123456'), 999_999)).toBe('right');
    expect(decideOtp(stored('123456'), enter('654321'), 999_999)).toBe('wrong');
  });

  it('has nothing to compare without a live code', () => {
    expect(decideOtp(null, enter('123456'), 0)).toBe('none');
  });

  it('refuses an expired code, right or not', () => {
    expect(decideOtp(stored('123456'), enter('123456'), 1_000_000)).toBe('expired');
  });

  it(`refuses even the right code once ${OTP_ALLOWED_ATTEMPTS} tries are spent`, () => {
    const spent = stored('123456', { attemptsBefore: OTP_ALLOWED_ATTEMPTS });
    expect(decideOtp(spent, enter('123456'), 0)).toBe('too-many');
    const lastTry = stored('123456', { attemptsBefore: OTP_ALLOWED_ATTEMPTS - 1 });
    expect(decideOtp(lastTry, enter('123456'), 0)).toBe('right');
  });
});
