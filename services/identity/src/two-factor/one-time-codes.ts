import { createHash, timingSafeEqual } from 'node:crypto';
import { randomString } from '@authsvc/platform';

export const BACKUP_CODE_COUNT = 10;
const DIGITS = '0123456789';
/** A mailed second-factor code: 6 digits, as the reference mails it. */
export const MAILED_CODE_LENGTH = 6;

/** Ten fresh backup codes, each 10 random letters or digits shown `xxxxx-xxxxx`. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = randomString(10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export function newMailedCode(): string {
  return randomString(MAILED_CODE_LENGTH, DIGITS);
}

/**
 * How a one-time code is kept: its SHA-256 (hex). The codes are random and single-use, so a fast hash suffices;
 * what matters is that a copy of the store or of Redis shows no usable code.
 */
export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Equality of two hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The place of `code` among the stored hashes (spent codes are null), or -1. Every entry is compared, so the time
 * spent does not tell where, or whether, the code was found.
 */
export function backupCodeIndex(hashes: readonly (string | null)[], code: string): number {
  const candidate = hashCode(code);
  let found = -1;
  hashes.forEach((hash, index) => {
    if (hash !== null && sameHash(hash, candidate) && found < 0) found = index;
  });
  return found;
}
