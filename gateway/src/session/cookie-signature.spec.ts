import { createHmac } from 'node:crypto';
import { KeyRing, purposeKey, SECRET_ITSELF } from '@authsvc/config';
import { signCookieValue, unsignCookieValue } from './cookie-signature.js';

const ring = (...secrets: string[]) => new KeyRing(secrets, SECRET_ITSELF);

describe('signed cookie values', () => {
  const secret = 'test-secret-0123456789';
  const keys = ring(secret);

  it('appends the Base64 HMAC-SHA256 of the value keyed by the secret itself: 44 characters ending in "="', () => {
    const signed = signCookieValue('abc', keys);
    const signature = signed.slice(4);
    expect(signature).toHaveLength(44);
    expect(signature.endsWith('=')).toBe(true);
    expect(signature).toBe(createHmac('sha256', secret).update('abc').digest('base64'));
  });

  it("signs under a purpose key when given that purpose's ring, and refuses it under the secret's", () => {
    const purposeRing = new KeyRing([secret], 'cookie-signature');
    const underPurpose = createHmac('sha256', purposeKey(secret, 'cookie-signature')).update('abc').digest('base64');
    expect(signCookieValue('abc', purposeRing)).toBe(`abc.${underPurpose}`);
    expect(unsignCookieValue(`abc.${underPurpose}`, keys)).toBeUndefined();
  });

  it('gives the value back when the signature holds, even if the value contains dots', () => {
    expect(unsignCookieValue(signCookieValue('a.b.c', keys), keys)).toBe('a.b.c');
  });

  it('refuses a tampered value, a foreign secret and an unsigned value', () => {
    const signed = signCookieValue('abc', keys);
    expect(unsignCookieValue(`abd${signed.slice(3)}`, keys)).toBeUndefined();
    expect(unsignCookieValue(signed, ring('other-secret'))).toBeUndefined();
    expect(unsignCookieValue('abc', keys)).toBeUndefined();
    expect(unsignCookieValue('abc.short=', keys)).toBeUndefined();
  });

  it('after a rotation, signs with the new secret and still accepts the previous one, but not a removed one', () => {
    const signedBefore = signCookieValue('abc', ring('old-secret'));
    const rotated = ring('new-secret', 'old-secret');
    expect(unsignCookieValue(signedBefore, rotated)).toBe('abc');
    expect(signCookieValue('abc', rotated)).toBe(signCookieValue('abc', ring('new-secret')));
    expect(unsignCookieValue(signedBefore, ring('new-secret'))).toBeUndefined();
  });
});
