import { createHmac } from 'node:crypto';

/**
 * Stored password hashes. bcrypt reads at most 72 bytes of a password, and a password may be longer (128
 * characters by default, up to 384 bytes in UTF-8): two passwords sharing their first 72 bytes would be one. So the password is pre-hashed
 * first: Base64 of HMAC-SHA-256 under the password-prehash key (44 ASCII characters, no NUL byte), and bcrypt
 * hashes that. The stored form says so and names the key:
 *
 *   `$hmac-sha256$<key id>$2b$<cost>$<salt and hash>`   pre-hashed under the key with that id
 *   `$2b$<cost>$<salt and hash>`                        bcrypt of the bare password (before pre-hashing)
 *
 * No bcrypt hash starts with `$hmac`, so the two never collide. The key id lets a hash made under a secret since
 * rotated (still listed in AUTH_SECRETS_PREVIOUS) verify, and be rehashed under the current key at sign-in.
 */
// WARNING: persisted format, do not change.
const PREHASHED_PREFIX = '$hmac-sha256$';

export type StoredPasswordHash =
  | { readonly format: 'bcrypt'; readonly bcrypt: string }
  | { readonly format: 'prehashed'; readonly keyId: string; readonly bcrypt: string };

export function parseStoredHash(stored: string): StoredPasswordHash {
  if (!stored.startsWith(PREHASHED_PREFIX)) return { format: 'bcrypt', bcrypt: stored };
  const rest = stored.slice(PREHASHED_PREFIX.length);
  const separator = rest.indexOf('$');
  return { format: 'prehashed', keyId: rest.slice(0, separator), bcrypt: rest.slice(separator) };
}

export function formatPrehashed(keyId: string, bcrypt: string): string {
  return `${PREHASHED_PREFIX}${keyId}${bcrypt}`;
}

/** What bcrypt hashes: the whole password, whatever its length, in 44 characters. */
export function prehash(password: string, key: Buffer): string {
  return createHmac('sha256', key).update(password, 'utf8').digest('base64');
}
