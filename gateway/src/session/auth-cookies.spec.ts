import { createHmac } from 'node:crypto';
import { KeyRing, SECRET_ITSELF } from '@authsvc/config';
import type { SessionView } from '@authsvc/contracts';
import { AuthCookies } from './auth-cookies.js';
import { signCookieValue } from './cookie-signature.js';

const secret = 'test-secret-0123456789';
const secrets = { AUTH_SECRET: secret, AUTH_SECRETS_PREVIOUS: [] };
const signatureKeys = new KeyRing([secret], SECRET_ITSELF);
const now = new Date('2026-01-01T00:00:00.000Z');
const session = {
  token: 'TOKEN123',
  updatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-08T00:00:00.000Z',
} as SessionView;

describe('auth cookies', () => {
  it('issues a session cookie signed as 1.7 does (HMAC-SHA256 keyed by the secret itself) for the session', () => {
    const [cookie] = new AuthCookies(secrets, false).issue(session, true, now);
    const signature = createHmac('sha256', secret).update('TOKEN123').digest('base64');
    expect(cookie).toBe(
      `better-auth.session_token=${encodeURIComponent(`TOKEN123.${signature}`)}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`,
    );
  });

  it('gives a session started moments ago its whole lifetime, however long the answer took', () => {
    const [cookie] = new AuthCookies(secrets, false).issue(session, true, new Date(now.getTime() + 2_500));
    expect(cookie).toContain('; Max-Age=604800;');
  });

  it('gives an older session the time it has left', () => {
    const [cookie] = new AuthCookies(secrets, false).issue(session, true, new Date('2026-01-07T00:00:00.000Z'));
    expect(cookie).toContain('; Max-Age=86400;');
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

  it("reads a cookie signed under the earlier versions' cookie-signature key, with the current or a previous secret", () => {
    const earlier = (key: string) =>
      `better-auth.session_token=${encodeURIComponent(signCookieValue('TOKEN123', new KeyRing([key], 'cookie-signature')))}`;
    expect(new AuthCookies(secrets, false).read(earlier(secret)).token).toBe('TOKEN123');
    const rotated = new AuthCookies({ AUTH_SECRET: 'new-secret', AUTH_SECRETS_PREVIOUS: [secret] }, false);
    expect(rotated.read(earlier(secret)).token).toBe('TOKEN123');
    expect(rotated.read(earlier('removed-secret')).token).toBeUndefined();
  });

  it('reads a cookie signed under a previous secret, and not one signed under another purpose key', () => {
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
