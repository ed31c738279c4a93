import { AuthErrors, DomainError } from '@authsvc/errors';
import { isEmail } from 'class-validator';

/** Emails are compared and stored lower-cased; a malformed one is the catalogue's INVALID_EMAIL. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!isEmail(normalized)) throw new DomainError(AuthErrors.INVALID_EMAIL);
  return normalized;
}
