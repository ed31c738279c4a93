import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomString } from '@authsvc/platform';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** A magic link's token: 32 random letters, as the reference's (about 182 bits). */
export const MAGIC_LINK_TOKEN_LENGTH = 32;
/** A mailed code: 6 digits, as the reference's. */
export const OTP_LENGTH = 6;
/** Wrong tries a code allows; the next attempt is refused even with the right code, as the reference does. */
export const OTP_ALLOWED_ATTEMPTS = 3;

export const newMagicLinkToken = (): string => randomString(MAGIC_LINK_TOKEN_LENGTH, LETTERS);
export const newOtp = (): string => randomString(OTP_LENGTH, DIGITS);

/**
 * What is stored instead of a mailed token or code, and what an address is known by in Redis and in stream ids:
 * an HMAC under a key of the secrets, so that neither a reader of Redis nor of the event store can use or guess
 * back a code (a plain hash of six digits would be reversed by trying the million of them). Base64url, 43
 * characters: an address's id also names the owner of its mails in the mailer (64 characters at most).
 */
export function keyedHash(key: Uint8Array | string, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${value}`).digest('base64url');
}

/** Equal digests (base64url), compared in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'base64url');
  const right = Buffer.from(b, 'base64url');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** A stored code as the store hands it to the decision: the attempt being decided is already counted. */
export interface StoredOtp {
  readonly codeHash: string;
  readonly expiresAt: number;
  /** Attempts before this one. */
  readonly attemptsBefore: number;
}

/** The verdict on an entered code. */
export type OtpVerdict = 'right' | 'wrong' | 'none' | 'expired' | 'too-many';

/**
 * Decides an entered code against what the store held (`null`: no live code). Order as the reference's: a
 * missing code, then expiry, then the try limit (even a right code is refused once the tries are used), then the
 * comparison.
 */
export function decideOtp(stored: StoredOtp | null, enteredHash: string, now: number): OtpVerdict {
  if (stored === null) return 'none';
  if (stored.expiresAt <= now) return 'expired';
  if (stored.attemptsBefore >= OTP_ALLOWED_ATTEMPTS) return 'too-many';
  return sameDigest(stored.codeHash, enteredHash) ? 'right' : 'wrong';
}
