import { createHmac } from 'node:crypto';
import { signCookieValue, unsignCookieValue } from './cookie-signature.js';

describe('signed cookie values', () => {
  const secret = 'test-secret-0123456789';

  it('appends the Base64 HMAC-SHA256 of the value: 44 characters ending in "="', () => {
    const signed = signCookieValue('abc', secret);
    const signature = signed.slice(4);
    expect(signature).toHaveLength(44);
    expect(signature.endsWith('=')).toBe(true);
    expect(signature).toBe(createHmac('sha256', secret).update('abc').digest('base64'));
  });

  it('gives the value back when the signature holds, even if the value contains dots', () => {
    expect(unsignCookieValue(signCookieValue('a.b.c', secret), secret)).toBe('a.b.c');
  });

  it('refuses a tampered value, a foreign secret and an unsigned value', () => {
    const signed = signCookieValue('abc', secret);
    expect(unsignCookieValue(`abd${signed.slice(3)}`, secret)).toBeUndefined();
    expect(unsignCookieValue(signed, 'other-secret')).toBeUndefined();
    expect(unsignCookieValue('abc', secret)).toBeUndefined();
    expect(unsignCookieValue('abc.short=', secret)).toBeUndefined();
  });
});
