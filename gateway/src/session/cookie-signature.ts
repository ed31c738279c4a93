import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_LENGTH = 44;

function signatureOf(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64');
}

/** `<value>.<signature>`: the signature is standard Base64 of HMAC-SHA256, always 44 characters ending in '='. */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${signatureOf(value, secret)}`;
}

/** The value when the signature holds (compared in constant time), otherwise undefined. */
export function unsignCookieValue(signed: string, secret: string): string | undefined {
  const separator = signed.lastIndexOf('.');
  if (separator < 1) return undefined;
  const value = signed.slice(0, separator);
  const signature = signed.slice(separator + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return undefined;
  const expected = Buffer.from(signatureOf(value, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
