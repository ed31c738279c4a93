import { createHash } from 'node:crypto';

/**
 * What is stored and compared instead of a mailed token (reset, deletion): someone who reads the database
 * or the event log cannot use it.
 */
export function hashMailedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
