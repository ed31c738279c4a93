import { authBase, providerErrorValue, withError } from './callback-redirects.js';

describe('callback redirects', () => {
  it("passes RFC 6749's error codes on, and no other provider text", () => {
    expect(providerErrorValue('access_denied')).toBe('access_denied');
    expect(providerErrorValue('temporarily_unavailable')).toBe('temporarily_unavailable');
    expect(providerErrorValue('Your account was hacked, call +1 555 0100')).toBe('provider_error');
    expect(providerErrorValue('login_required')).toBe('provider_error');
  });

  it('adds the error to absolute and relative URLs, before a fragment', () => {
    expect(withError('https://app.example/error', 'no_code')).toBe('https://app.example/error?error=no_code');
    expect(withError('/sign-in?tab=social', 'state_mismatch')).toBe('/sign-in?tab=social&error=state_mismatch');
    expect(withError('/sign-in#top', 'invalid_code')).toBe('/sign-in?error=invalid_code#top');
  });

  it("puts the auth API at the base URL's origin, as the gateway serves it", () => {
    expect(authBase(new URL('http://localhost:3000'))).toBe('http://localhost:3000/api/auth');
    expect(authBase(new URL('https://auth.example/'))).toBe('https://auth.example/api/auth');
  });
});
