import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A uniformly random string from a CSPRNG (randomInt rejects biased samples), the wire format of ids
 * and tokens: 32 characters of [A-Za-z0-9] unless told otherwise.
 */
export function randomString(length = 32, alphabet = ALPHANUMERIC): string {
  let result = '';
  for (let index = 0; index < length; index += 1) result += alphabet[randomInt(alphabet.length)];
  return result;
}
