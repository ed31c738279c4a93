import { parseCookieHeader, serializeCookie } from './cookie-header.js';

describe('cookie header', () => {
  it('keeps the first occurrence, strips quotes and decodes escapes', () => {
    const cookies = parseCookieHeader('a=1; b="two"; a=3; c=x%3Dy');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('two');
    expect(cookies.get('c')).toBe('x=y');
  });

  it('serialises in the reference order and encodes the value', () => {
    expect(serializeCookie('better-auth.session_token', 'tok.sig+/=', { maxAge: 604800, secure: false })).toBe(
      'better-auth.session_token=tok.sig%2B%2F%3D; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('omits Max-Age for browser-session cookies and adds Secure when asked', () => {
    expect(serializeCookie('n', 'v', { secure: true })).toBe('n=v; Path=/; HttpOnly; Secure; SameSite=Lax');
  });

  it('refuses a Max-Age above 400 days', () => {
    expect(() => serializeCookie('n', 'v', { maxAge: 34_560_001, secure: false })).toThrow(/400 days/);
  });
});
