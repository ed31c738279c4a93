import { RequestErrors } from '@authsvc/errors';
import { checkOrigin, type OriginFacts } from './origin-policy.js';
import { TrustedOrigins } from './trusted-origins.js';

const trusted = new TrustedOrigins(new URL('http://localhost:3000'), ['https://app.example.com']);

function facts(overrides: Partial<OriginFacts>): OriginFacts {
  return { method: 'POST', route: '/sign-out', hasCookies: false, body: {}, query: {}, ...overrides };
}

function codeOf(overrides: Partial<OriginFacts>): string | undefined {
  try {
    checkOrigin(facts(overrides), trusted);
    return undefined;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('origin policy', () => {
  it('lets cookie-less server-to-server calls through', () => {
    expect(codeOf({})).toBeUndefined();
    expect(codeOf({ route: '/sign-up/email' })).toBeUndefined();
  });

  it('refuses a cookie-bearing POST without Origin or Referer', () => {
    expect(codeOf({ hasCookies: true })).toBe(RequestErrors.MISSING_OR_NULL_ORIGIN.code);
    expect(codeOf({ hasCookies: true, origin: 'null' })).toBe(RequestErrors.MISSING_OR_NULL_ORIGIN.code);
  });

  it('refuses untrusted origins, also from the Referer', () => {
    expect(codeOf({ hasCookies: true, origin: 'http://evil.com' })).toBe(RequestErrors.INVALID_ORIGIN.code);
    expect(codeOf({ hasCookies: true, referer: 'http://evil.com/page' })).toBe(RequestErrors.INVALID_ORIGIN.code);
    expect(codeOf({ hasCookies: true, origin: 'http://localhost:3000' })).toBeUndefined();
    expect(codeOf({ hasCookies: true, referer: 'https://app.example.com/login' })).toBeUndefined();
  });

  it('checks the Origin of sign-in and sign-up even without cookies', () => {
    expect(codeOf({ route: '/sign-in/email', origin: 'http://evil.com' })).toBe(RequestErrors.INVALID_ORIGIN.code);
    expect(codeOf({ route: '/sign-up/email', secFetchSite: 'cross-site', secFetchMode: 'navigate' })).toBe(
      RequestErrors.CROSS_SITE_NAVIGATION_LOGIN_BLOCKED.code,
    );
  });

  it('answers a redirect field that is not a string with 400, naming the field as the reference does', () => {
    let refused: { status?: number; message?: string } = {};
    try {
      checkOrigin(facts({ body: { redirectTo: 42 } }), trusted);
    } catch (error) {
      refused = error as typeof refused;
    }
    expect(refused).toMatchObject({
      status: 400,
      message: 'Invalid redirectURL: expected a string',
      code: 'INVALID_REDIRECTURL_EXPECTED_A_STRING',
    });
    expect(codeOf({ body: { callbackURL: { href: '/x' } } })).toBe('INVALID_CALLBACKURL_EXPECTED_A_STRING');
  });

  it('refuses sign-in and sign-up without Origin when Sec-Fetch-Site shows a browser sent them', () => {
    for (const route of ['/sign-in/email', '/sign-in/username', '/sign-up/email']) {
      for (const fetchMetadata of [
        { secFetchSite: 'cross-site', secFetchMode: 'cors' },
        { secFetchSite: 'same-site' },
        { secFetchSite: 'same-origin', secFetchMode: 'cors' },
      ]) {
        expect(codeOf({ route, ...fetchMetadata })).toBe(RequestErrors.MISSING_OR_NULL_ORIGIN.code);
      }
      // Node's fetch on a server sends Sec-Fetch-Mode alone.
      expect(codeOf({ route, secFetchMode: 'cors' })).toBeUndefined();
      expect(codeOf({ route, secFetchSite: 'same-origin', origin: 'http://localhost:3000' })).toBeUndefined();
      expect(codeOf({ route, secFetchSite: 'same-site', origin: 'http://evil.localhost:3000' })).toBe(
        RequestErrors.INVALID_ORIGIN.code,
      );
    }
  });

  it('refuses any POST without Origin that a browser marks as sent from another site', () => {
    for (const route of ['/request-password-reset', '/send-verification-email', '/sign-out']) {
      expect(codeOf({ route, secFetchSite: 'cross-site' })).toBe(RequestErrors.MISSING_OR_NULL_ORIGIN.code);
      expect(codeOf({ route, secFetchSite: 'same-site' })).toBe(RequestErrors.MISSING_OR_NULL_ORIGIN.code);
      expect(codeOf({ route, secFetchSite: 'same-origin' })).toBeUndefined();
      expect(codeOf({ route, secFetchSite: 'none' })).toBeUndefined();
    }
  });

  it('refuses untrusted redirect targets whatever the cookies', () => {
    expect(codeOf({ body: { callbackURL: 'http://evil.com/cb' } })).toBe(RequestErrors.INVALID_CALLBACK_URL.code);
    expect(codeOf({ query: { callbackURL: '//evil.com' } })).toBe(RequestErrors.INVALID_CALLBACK_URL.code);
    expect(codeOf({ body: { redirectTo: 'http://evil.com' } })).toBe(RequestErrors.INVALID_REDIRECT_URL.code);
    expect(
      codeOf({ body: { callbackURL: '/dashboard', errorCallbackURL: 'https://app.example.com/e' } }),
    ).toBeUndefined();
  });

  it('checks the redirect target of GET links but not their origin', () => {
    const link = { method: 'GET', route: '/verify-email', hasCookies: true };
    expect(codeOf({ ...link, query: { callbackURL: 'https://evil.example/' } })).toBe(
      RequestErrors.INVALID_CALLBACK_URL.code,
    );
    expect(codeOf({ ...link, query: { callbackURL: '/welcome' } })).toBeUndefined();
  });
});
