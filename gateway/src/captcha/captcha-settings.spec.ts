import { ConfigError, loadConfig } from '@authsvc/config';
import { DEFAULT_CAPTCHA_ENDPOINTS } from './captcha-endpoints.js';
import { CaptchaVariables, captchaSettingsOf } from './captcha-settings.js';

const settingsOf = (env: NodeJS.ProcessEnv) => captchaSettingsOf(loadConfig(CaptchaVariables, env));

describe('captcha settings', () => {
  it('is off without a provider', () => {
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf({ CAPTCHA_PROVIDER: ' ', CAPTCHA_SECRET_KEY: 'unused' })).toBeUndefined();
  });

  it("asks the provider's own siteverify API, with the reference's defaults", () => {
    expect(settingsOf({ CAPTCHA_PROVIDER: 'google-recaptcha', CAPTCHA_SECRET_KEY: 's' })).toEqual({
      provider: 'google-recaptcha',
      secretKey: 's',
      minScore: 0.5,
      verifyUrl: new URL('https://www.google.com/recaptcha/api/siteverify'),
      endpoints: DEFAULT_CAPTCHA_ENDPOINTS,
      timeoutMs: 10_000,
    });
    expect(settingsOf({ CAPTCHA_PROVIDER: 'cloudflare-turnstile', CAPTCHA_SECRET_KEY: 's' })?.verifyUrl.href).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    );
    expect(settingsOf({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SECRET_KEY: 's' })?.verifyUrl.href).toBe(
      'https://api.hcaptcha.com/siteverify',
    );
  });

  it('takes every setting', () => {
    const settings = settingsOf({
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SECRET_KEY: 's',
      CAPTCHA_SITE_KEY: 'site',
      CAPTCHA_MIN_SCORE: '0.8',
      CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify',
      CAPTCHA_ENDPOINTS: '/sign-in',
      CAPTCHA_TIMEOUT_MS: '500',
    });
    expect(settings).toMatchObject({ siteKey: 'site', minScore: 0.8, endpoints: ['/sign-in'], timeoutMs: 500 });
    expect(settings?.verifyUrl.href).toBe('http://127.0.0.1:9/verify');
  });

  it('refuses to start with a provider but no secret, naming the variable', () => {
    expect(() => settingsOf({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(ConfigError);
    expect(() => settingsOf({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SECRET_KEY: '  ' })).toThrow(
      /CAPTCHA_SECRET_KEY is required when CAPTCHA_PROVIDER is set/,
    );
  });

  it('refuses an action to check with hCaptcha, whose answers name none', () => {
    expect(() => settingsOf({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SECRET_KEY: 's', CAPTCHA_ACTION: 'x' })).toThrow(
      /CAPTCHA_ACTION cannot be checked with hcaptcha/,
    );
  });

  it.each([
    [
      'CAPTCHA_PROVIDER',
      'recaptcha',
      /CAPTCHA_PROVIDER must be one of cloudflare-turnstile, google-recaptcha, hcaptcha/,
    ],
    ['CAPTCHA_MIN_SCORE', '2', /CAPTCHA_MIN_SCORE must be a number from 0 to 1/],
    ['CAPTCHA_VERIFY_URL', 'ftp://x', /CAPTCHA_VERIFY_URL must use http: or https:/],
    ['CAPTCHA_TIMEOUT_MS', '0', /CAPTCHA_TIMEOUT_MS must be an integer from 100 to 60000/],
  ])('names %s when its value is bad', (name, value, message) => {
    expect(() => settingsOf({ CAPTCHA_PROVIDER: 'google-recaptcha', CAPTCHA_SECRET_KEY: 's', [name]: value })).toThrow(
      message,
    );
  });
});
