import { timingSafeEqual } from 'node:crypto';
import type { KeyRing } from '@authsvc/config';

/**
 * Whether `given` is the signature one of the ring's keys makes, the current key first (so a cookie signed since
 * the last rotation costs one HMAC). Each comparison takes constant time.
 */
export function isSignedByRing(given: string, keys: KeyRing, signatureOf: (key: Buffer) => string): boolean {
  const received = Buffer.from(given);
  return keys.all.some(({ key }) => {
    const expected = Buffer.from(signatureOf(key));
    return expected.length === received.length && timingSafeEqual(expected, received);
  });
}
