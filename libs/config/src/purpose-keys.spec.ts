import { authKeyRing, KEY_PURPOSES, KeyRing, keyIdOf, purposeKey, SECRET_ITSELF } from './index.js';

const secret = 'a-secret-of-at-least-thirty-two-characters';

describe('purpose keys', () => {
  it('derives a different 256-bit key for each purpose, none of them the secret itself', () => {
    const keys = KEY_PURPOSES.map((purpose) => purposeKey(secret, purpose));
    expect(keys.every((key) => key.length === 32)).toBe(true);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(KEY_PURPOSES.length);
    expect(keys.some((key) => key.equals(Buffer.from(secret)))).toBe(false);
  });

  it('derives the same key from the same secret and purpose, another from another secret', () => {
    expect(purposeKey(secret, 'cookie-signature').equals(purposeKey(secret, 'cookie-signature'))).toBe(true);
    expect(purposeKey(secret, 'cookie-signature').equals(purposeKey(`${secret}!`, 'cookie-signature'))).toBe(false);
  });

  it('keeps its derivation: HKDF-SHA-256, empty salt, info authsvc/<purpose> (a changed derivation would sign everyone out)', () => {
    expect(purposeKey('secret', 'cookie-signature').toString('hex')).toBe(
      '7a8cac90557849dcea5e5b485b06224090e5c65277a3fb63b531a9cd29d04a53',
    );
  });
});

describe('key ring', () => {
  it('uses the first secret as current and finds every key by its id', () => {
    const ring = authKeyRing({ AUTH_SECRET: 'current', AUTH_SECRETS_PREVIOUS: ['old', 'older'] }, 'session-data');
    expect(ring.all).toHaveLength(3);
    expect(ring.current.key.equals(purposeKey('current', 'session-data'))).toBe(true);
    expect(ring.byId(keyIdOf(purposeKey('older', 'session-data')))?.key).toEqual(purposeKey('older', 'session-data'));
    expect(ring.byId(keyIdOf(purposeKey('unknown', 'session-data')))).toBeUndefined();
  });

  it('keys by the secrets themselves where better-auth checks with the secret, and signs with the current one', () => {
    const ring = authKeyRing({ AUTH_SECRET: 'current', AUTH_SECRETS_PREVIOUS: ['old'] }, SECRET_ITSELF);
    expect(ring.all.map(({ key }) => key.toString())).toEqual(['current', 'old']);
    expect(ring.current.key.toString()).toBe('current');
  });

  it("also accepts, after its own and never for signing, a former purpose's keys of the same secrets", () => {
    const ring = authKeyRing({ AUTH_SECRET: 'current', AUTH_SECRETS_PREVIOUS: ['old'] }, SECRET_ITSELF, 'session-data');
    expect(ring.current.key.toString()).toBe('current');
    expect(ring.all.map(({ key }) => key)).toEqual([
      Buffer.from('current'),
      Buffer.from('old'),
      purposeKey('current', 'session-data'),
      purposeKey('old', 'session-data'),
    ]);
  });

  it('names keys by a short id that does not contain the key', () => {
    const key = purposeKey(secret, 'password-prehash');
    expect(keyIdOf(key)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(key.toString('base64url')).not.toContain(keyIdOf(key));
  });

  it('needs at least one secret', () => {
    expect(() => new KeyRing([], 'verification-token')).toThrow(/verification-token/);
  });
});
