import { createHash, hkdfSync } from 'node:crypto';

/**
 * Everything a secret protects gets a key of its own, so that a value made for one use (a cookie signature, a
 * mailed token) can never pass for another, and a key that leaks from one use exposes no other. A closed list:
 * each purpose is part of its key's derivation, so renaming one changes its key.
 */
// WARNING: persisted names (they derive the keys of stored hashes, wrapped data keys and issued cookies).
export const KEY_PURPOSES = [
  'cookie-signature',
  'session-data',
  'verification-token',
  'password-prehash',
  'data-key-wrapping',
  'jwt-private-key',
] as const;

export type KeyPurpose = (typeof KEY_PURPOSES)[number];

const KEY_LENGTH = 32;

/** The 256-bit key of one purpose: HKDF-SHA-256 of the secret, the purpose as its info. */
export function purposeKey(secret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', `authsvc/${purpose}`, KEY_LENGTH));
}

/** A key with a short public name, stored beside what it protected so that the right key is found again. */
export interface IdentifiedKey {
  readonly id: string;
  readonly key: Buffer;
}

/** Names a key by 48 bits of its SHA-256: tells keys apart, reveals nothing usable about them. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

/**
 * The keys of one purpose, derived from a list of secrets (the current one first, then the previous ones still
 * accepted): sign and encrypt with `current`, check and decrypt with any of `all`.
 */
export class KeyRing {
  readonly all: readonly IdentifiedKey[];

  constructor(secrets: readonly string[], purpose: KeyPurpose) {
    if (secrets.length === 0) throw new Error(`no secret for ${purpose}`);
    this.all = secrets.map((secret) => {
      const key = purposeKey(secret, purpose);
      return { id: keyIdOf(key), key };
    });
  }

  get current(): IdentifiedKey {
    return this.all[0];
  }

  byId(id: string): IdentifiedKey | undefined {
    return this.all.find((candidate) => candidate.id === id);
  }
}

/** AUTH_SECRET, then the previous secrets still accepted when checking (see SecretVariables). */
export interface AuthSecrets {
  readonly AUTH_SECRET: string;
  readonly AUTH_SECRETS_PREVIOUS: readonly string[];
}

/** The keys of a purpose from AUTH_SECRET, then each of AUTH_SECRETS_PREVIOUS. */
export function authKeyRing(config: AuthSecrets, purpose: KeyPurpose): KeyRing {
  return new KeyRing([config.AUTH_SECRET, ...config.AUTH_SECRETS_PREVIOUS], purpose);
}
