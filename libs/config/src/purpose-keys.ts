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

/**
 * The secret's own bytes as the key, for what better-auth's server helpers check with the shared secret: the
 * session cookies (`session_token`, `session_data`, `dont_remember`, `admin_session`), which apps verify with
 * `getCookieCache` or better-call's signed cookies, keyed by the secret itself as 1.7 keys them. Everything that
 * is ours alone keeps a purpose key.
 */
export const SECRET_ITSELF = 'secret-itself';

export type KeyUse = KeyPurpose | typeof SECRET_ITSELF;

function keyFor(secret: string, use: KeyUse): Buffer {
  return use === SECRET_ITSELF ? Buffer.from(secret, 'utf8') : purposeKey(secret, use);
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
 * The keys of one use, from a list of secrets (the current one first, then the previous ones still accepted):
 * sign and encrypt with `current`, check and decrypt with any of `all`. `formerKeys` are checked last and never
 * sign: the keys an earlier version used for the same thing.
 */
export class KeyRing {
  readonly all: readonly IdentifiedKey[];

  constructor(secrets: readonly string[], use: KeyUse, formerKeys: readonly IdentifiedKey[] = []) {
    if (secrets.length === 0) throw new Error(`no secret for ${use}`);
    const keys = secrets.map((secret) => {
      const key = keyFor(secret, use);
      return { id: keyIdOf(key), key };
    });
    this.all = [...keys, ...formerKeys];
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

/**
 * The keys of a use from AUTH_SECRET, then each of AUTH_SECRETS_PREVIOUS; with `formerly`, that purpose's keys
 * from the same secrets are still accepted (what an earlier version signed stays valid).
 */
export function authKeyRing(config: AuthSecrets, use: KeyUse, formerly?: KeyPurpose): KeyRing {
  const secrets = [config.AUTH_SECRET, ...config.AUTH_SECRETS_PREVIOUS];
  return new KeyRing(secrets, use, formerly === undefined ? [] : new KeyRing(secrets, formerly).all);
}
