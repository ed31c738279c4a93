import { createHmac } from 'node:crypto';
import type { KeyRing } from '@authsvc/config';
import { isSignedByRing } from './signature-check.js';

const SIGNATURE_LENGTH = 44;

function signatureOf(value: string, key: Buffer): string {
  return createHmac('sha256', key).update(value).digest('base64');
}

/**
 * `<value>.<signature>`: the signature is standard Base64 of HMAC-SHA256 under the ring's current key, always 44
 * characters ending in '='.
 */
export function signCookieValue(value: string, keys: KeyRing): string {
  return `${value}.${signatureOf(value, keys.current.key)}`;
}

/** The value when the signature holds under one of the ring's keys, otherwise undefined. */
export function unsignCookieValue(signed: string, keys: KeyRing): string | undefined {
  const separator = signed.lastIndexOf('.');
  if (separator < 1) return undefined;
  const value = signed.slice(0, separator);
  const signature = signed.slice(separator + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  return isSignedByRing(signature, keys, (key) => signatureOf(value, key)) ? value : undefined;
}
