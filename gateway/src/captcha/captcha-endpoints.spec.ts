import { loadConfig } from '@authsvc/config';
import { captchaEndpointsVariable, DEFAULT_CAPTCHA_ENDPOINTS, isGuardedRoute } from './captcha-endpoints.js';

const endpointsOf = (raw: string | undefined) =>
  loadConfig({ CAPTCHA_ENDPOINTS: captchaEndpointsVariable }, { CAPTCHA_ENDPOINTS: raw }).CAPTCHA_ENDPOINTS;

describe('captcha endpoints', () => {
  it('guards sign-up, sign-in by email and both names of the password-reset request by default', () => {
    expect(endpointsOf(undefined)).toEqual(DEFAULT_CAPTCHA_ENDPOINTS);
    for (const route of ['/sign-up/email', '/sign-in/email', '/forget-password', '/request-password-reset']) {
      expect({ route, guarded: isGuardedRoute(route, DEFAULT_CAPTCHA_ENDPOINTS) }).toEqual({ route, guarded: true });
    }
    for (const route of ['/sign-in/username', '/get-session', '/reset-password', '/reset-password/:token']) {
      expect({ route, guarded: isGuardedRoute(route, DEFAULT_CAPTCHA_ENDPOINTS) }).toEqual({ route, guarded: false });
    }
  });

  it('takes an empty setting as the default list, never as "guard nothing"', () => {
    expect(endpointsOf('')).toEqual(DEFAULT_CAPTCHA_ENDPOINTS);
    expect(endpointsOf(' , ')).toEqual(DEFAULT_CAPTCHA_ENDPOINTS);
  });

  it('reads paths under /api/auth, with or without that prefix and a trailing slash', () => {
    expect(endpointsOf('/sign-in/username, /api/auth/sign-up/email/')).toEqual(['/sign-in/username', '/sign-up/email']);
  });

  it('guards a route named by an endpoint or under it, by whole path segments', () => {
    expect(isGuardedRoute('/sign-in/username', ['/sign-in'])).toBe(true);
    expect(isGuardedRoute('/sign-in', ['/sign-in'])).toBe(true);
    expect(isGuardedRoute('/sign-in-other', ['/sign-in'])).toBe(false);
    expect(isGuardedRoute('/reset-password/:token', ['/reset-password'])).toBe(true);
  });

  it('refuses an entry that is not a path, naming the variable', () => {
    expect(() => endpointsOf('sign-in/email')).toThrow(/CAPTCHA_ENDPOINTS has "sign-in\/email": each entry is a path/);
  });
});
