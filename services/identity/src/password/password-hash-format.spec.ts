import { purposeKey } from '@authsvc/config';
import { formatPrehashed, parseStoredHash, prehash } from './password-hash-format.js';

const bcrypt = '$2b$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234';

describe('password hash format', () => {
  it('reads back the key id and the bcrypt hash it wrote', () => {
    const stored = formatPrehashed('Ab3_-x9Z', bcrypt);
    expect(stored).toBe(`$hmac-sha256$Ab3_-x9Z${bcrypt}`);
    expect(parseStoredHash(stored)).toEqual({ format: 'prehashed', keyId: 'Ab3_-x9Z', bcrypt });
  });

  it('takes any other hash for bcrypt of the bare password', () => {
    expect(parseStoredHash(bcrypt)).toEqual({ format: 'bcrypt', bcrypt });
  });

  it('pre-hashes any password into 44 Base64 characters that depend on every byte', () => {
    const key = purposeKey('secret', 'password-prehash');
    const long = 'é'.repeat(128);
    expect(prehash(long, key)).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(prehash(`${long}x`, key)).not.toBe(prehash(`${long}y`, key));
    expect(prehash('same', key)).not.toBe(prehash('same', purposeKey('other', 'password-prehash')));
  });
});
