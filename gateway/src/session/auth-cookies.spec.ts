import { KeyRing } from '@authsvc/config';
import type { SessionView } from '@authsvc/contracts';
import { AuthCookies } from './auth-cookies.js';
import { signCookieValue } from './cookie-signature.js';

const secret = 'test-secret-0123456789';
const secrets = { AUTH_SECRET: secret, AUTH_SECRETS_PREVIOUS: [] };
const signatureKeys = new KeyRing([secret], 'cookie-signature');
const now = new Date('2026-01-01T00:00:00.000Z');
const session = {
  token: 'TOKEN123',
  expiresAt: '2026-01-08T00:00:00.000Z',
} as SessionView;

describe('auth cookies', () => {
  it('issues a signed session cookie that lives as long as the session', () => {
    const [cookie] = new AuthCookies(secrets, false).issue(session, true, now);
    expect(cookie).toBe(
      `better-auth.session_token=${encodeURIComponent(signCookieValue('TOKEN123', signatureKeys))}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
    );
  });

  it('without remember-me, issues a browser-session cookie and the signed marker', () => {
    const cookies = new AuthCookies(secrets, false).issue(session, false, now);
    expect(cookies[0]).not.toContain('Max-Age');
    expect(cookies[1]).toContain(
      `better-auth.dont_remember=${encodeURIComponent(signCookieValue('true', signatureKeys))}`,
    );
  });

  it('uses __Secure- names and the Secure attribute behind https', () => {
    const [cookie] = new AuthCookies(secrets, true).issue(session, true, now);
    expect(cookie.startsWith('__Secure-better-auth.session_token=')).toBe(true);
    expect(cookie).toContain('; Secure;');
  });

  it('reads back its own cookie and rejects a forged one', () => {
    const cookies = new AuthCookies(secrets, false);
    const own = `better-auth.session_token=${encodeURIComponent(signCookieValue('TOKEN123', signatureKeys))}`;
    expect(cookies.read(own)).toEqual({ token: 'TOKEN123', present: true, dontRemember: false });
    const forged = `better-auth.session_token=${encodeURIComponent(signCookieValue('TOKEN123', new KeyRing(['guess'], 'cookie-signature')))}`;
    expect(cookies.read(forged)).toEqual({ token: undefined, present: true, dontRemember: false });
  });

  it('reads a cookie signed under a previous secret, and not one signed for the session_data cookie', () => {
    const rotated = new AuthCookies({ AUTH_SECRET: 'new-secret', AUTH_SECRETS_PREVIOUS: [secret] }, false);
    const before = `better-auth.session_token=${encodeURIComponent(signCookieValue('TOKEN123', signatureKeys))}`;
    expect(rotated.read(before).token).toBe('TOKEN123');
    const otherPurpose = signCookieValue('TOKEN123', new KeyRing([secret], 'session-data'));
    expect(
      new AuthCookies(secrets, false).read(`better-auth.session_token=${encodeURIComponent(otherPurpose)}`).token,
    ).toBeUndefined();
  });

  it('clears the three cookies with Max-Age=0', () => {
    expect(new AuthCookies(secrets, false).clear()).toEqual([
      'better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'better-auth.session_data=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'better-auth.dont_remember=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    ]);
  });
});
