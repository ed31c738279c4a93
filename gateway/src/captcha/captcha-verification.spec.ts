import type { CaptchaSettings } from './captcha-settings.js';
import { isAcceptedAnswer, verificationRequestOf } from './captcha-verification.js';

const settings = (overrides: Partial<CaptchaSettings> = {}) => ({
  provider: 'google-recaptcha' as const,
  secretKey: 'the-secret',
  minScore: 0.5,
  ...overrides,
});

describe('verificationRequestOf', () => {
  it('sends Turnstile JSON with the secret, the token and the client address', () => {
    const request = verificationRequestOf(settings({ provider: 'cloudflare-turnstile' }), 'tok en', '203.0.113.7');
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ secret: 'the-secret', response: 'tok en', remoteip: '203.0.113.7' });
  });

  it('sends reCAPTCHA a form, without a site key even when one is set', () => {
    const request = verificationRequestOf(settings({ siteKey: 'site' }), 'a+b&c', '2001:db8::1');
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      secret: 'the-secret',
      response: 'a+b&c',
      remoteip: '2001:db8::1',
    });
  });

  it('sends hCaptcha a form with the site key when one is set', () => {
    const withKey = verificationRequestOf(settings({ provider: 'hcaptcha', siteKey: 'site' }), 'tok', '198.51.100.2');
    expect(Object.fromEntries(new URLSearchParams(withKey.body))).toEqual({
      secret: 'the-secret',
      response: 'tok',
      sitekey: 'site',
      remoteip: '198.51.100.2',
    });
    const withoutKey = verificationRequestOf(settings({ provider: 'hcaptcha' }), 'tok', '198.51.100.2');
    expect(new URLSearchParams(withoutKey.body).has('sitekey')).toBe(false);
  });

  it('leaves remoteip out when the client address is unknown', () => {
    const request = verificationRequestOf(settings(), 'tok', '');
    expect(new URLSearchParams(request.body).has('remoteip')).toBe(false);
  });
});

describe('isAcceptedAnswer', () => {
  it.each(['cloudflare-turnstile', 'google-recaptcha', 'hcaptcha'] as const)(
    '%s: passes success true, refuses anything else',
    (provider) => {
      expect(isAcceptedAnswer(settings({ provider }), { success: true })).toBe(true);
      for (const answer of [{ success: false }, { success: 'true' }, {}, null, 'ok', [true]]) {
        expect({ answer, accepted: isAcceptedAnswer(settings({ provider }), answer) }).toEqual({
          answer,
          accepted: false,
        });
      }
    },
  );

  it('reCAPTCHA v3: passes a score at or above the minimum, refuses one below it; v2 has no score', () => {
    const strict = settings({ minScore: 0.7 });
    expect(isAcceptedAnswer(strict, { success: true, score: 0.9 })).toBe(true);
    expect(isAcceptedAnswer(strict, { success: true, score: 0.7 })).toBe(true);
    expect(isAcceptedAnswer(strict, { success: true, score: 0.69 })).toBe(false);
    expect(isAcceptedAnswer(strict, { success: false, score: 0.9 })).toBe(false);
    expect(isAcceptedAnswer(strict, { success: true })).toBe(true);
  });

  it('scores only reCAPTCHA (an hCaptcha Enterprise score means risk, not confidence)', () => {
    expect(isAcceptedAnswer(settings({ provider: 'hcaptcha' }), { success: true, score: 0.1 })).toBe(true);
  });

  it('with an action configured, passes only answers that name it', () => {
    const signIn = settings({ action: 'sign_in' });
    expect(isAcceptedAnswer(signIn, { success: true, score: 0.9, action: 'sign_in' })).toBe(true);
    expect(isAcceptedAnswer(signIn, { success: true, score: 0.9, action: 'checkout' })).toBe(false);
    expect(isAcceptedAnswer(signIn, { success: true })).toBe(false);
    const turnstile = settings({ provider: 'cloudflare-turnstile', action: 'sign_in' });
    expect(isAcceptedAnswer(turnstile, { success: true, action: 'sign_in' })).toBe(true);
    expect(isAcceptedAnswer(turnstile, { success: true, action: 'other' })).toBe(false);
  });
});
