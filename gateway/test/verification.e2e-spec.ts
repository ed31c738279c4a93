import { purposeKey } from '@authsvc/config';
import { SignJWT } from 'jose';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

const SECRET = 'verification-test-secret-0123456789abcdef';
const password = 'correct-horse-1';

interface SessionAnswer {
  user: { id: string; email: string; emailVerified: boolean };
}

describe('email verification', () => {
  let stack: TestStack;
  let smtp: SmtpSink;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp({ AUTH_SECRET: SECRET }));
  });

  afterAll(() => stack?.stop());

  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp(), ...headers });

  async function signUp(extra: Record<string, unknown> = {}) {
    const email = uniqueEmail('verify');
    const answer = await post<SessionAnswer>('/sign-up/email', { name: 'Vera', email, password, ...extra });
    expect(answer.status).toBe(200);
    return { email, userId: answer.body.user.id, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  const verifyLinks = (email: string, count = 1) =>
    eventually(
      async () => {
        const links = smtp.linksTo(email, '/api/auth/verify-email');
        return smtp.mailsTo(email).length >= count ? links : undefined;
      },
      { what: `${count} verification mail(s) to ${email}` },
    );

  const follow = (link: URL | string, cookie?: string) =>
    request<unknown>(link.toString(), { headers: cookie ? { cookie } : {} });

  const sessionOf = (cookie: string) =>
    request<SessionAnswer | null>(stack.url('/api/auth/get-session'), { headers: { cookie } });

  function forgedToken(claims: Record<string, unknown>, expiresAt: Date) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(expiresAt.getTime() / 1000) - 3600)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(purposeKey(SECRET, 'verification-token'));
  }

  it('verifies on the first click, signs in then only, and redirects to the callbackURL', async () => {
    const { email } = await signUp({ callbackURL: '/welcome' });
    const [link] = await verifyLinks(email);
    expect(link.searchParams.get('callbackURL')).toBe('/welcome');

    const first = await follow(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/welcome');
    expect(first.setCookies).toHaveLength(1);
    const verified = await sessionOf(cookieHeaderFrom(first.setCookies));
    expect(verified.body).toMatchObject({ user: { email, emailVerified: true } });

    const again = await follow(link);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('/welcome');
    expect(again.setCookies).toEqual([]);
  });

  it('answers {status:true, user:null} without a callbackURL', async () => {
    const { email, cookie } = await signUp();
    const [link] = await verifyLinks(email);
    link.searchParams.delete('callbackURL');
    const answer = await follow(link, cookie);
    expect(answer).toMatchObject({ status: 200, body: { status: true, user: null } });
    expect((await sessionOf(cookie)).body).toMatchObject({ user: { emailVerified: true } });
  });

  it('sends bad, expired and orphaned links back with ?error=CODE, or answers 401 without a callbackURL', async () => {
    const { email, userId } = await signUp();
    const base = stack.url('/api/auth/verify-email');
    const expired = await forgedToken(
      { email, userId, requestType: 'email-verification' },
      new Date(Date.now() - 1000),
    );
    const orphan = await forgedToken(
      { email: 'gone@example.com', userId: 'no-such-user', requestType: 'email-verification' },
      new Date(Date.now() + 3600e3),
    );
    const cases = [
      ['not-a-token', 'INVALID_TOKEN', 'Invalid token'],
      [expired, 'TOKEN_EXPIRED', 'Token expired'],
      [orphan, 'USER_NOT_FOUND', 'User not found'],
    ];
    for (const [token, code, message] of cases) {
      const redirected = await follow(`${base}?token=${token}&callbackURL=${encodeURIComponent('/done?from=mail')}`);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toBe(`/done?from=mail&error=${code}`);
      expect(await follow(`${base}?token=${token}`)).toMatchObject({ status: 401, body: { code, message } });
    }
  });

  it('redirects to a callbackURL with characters outside ASCII, percent-encoded', async () => {
    const base = stack.url('/api/auth/verify-email');
    const callbackURL = `${stack.baseUrl}/日本?x=é`;
    const redirected = await follow(`${base}?token=not-a-token&callbackURL=${encodeURIComponent(callbackURL)}`);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe(`${stack.baseUrl}/%E6%97%A5%E6%9C%AC?x=%C3%A9&error=INVALID_TOKEN`);
  });

  it('refuses an untrusted callbackURL and a missing token', async () => {
    const base = stack.url('/api/auth/verify-email');
    expect(await follow(`${base}?token=x&callbackURL=${encodeURIComponent('https://evil.example/')}`)).toMatchObject({
      status: 403,
      body: { code: 'INVALID_CALLBACK_URL' },
    });
    expect(await follow(base)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('mails an anonymous request only for an unverified account, answering the same either way', async () => {
    const { email } = await signUp();
    await verifyLinks(email);
    const unknown = uniqueEmail('nobody');
    const startedAt = Date.now();
    const answers = await Promise.all([
      post('/send-verification-email', { email, callbackURL: '/again' }),
      post('/send-verification-email', { email: unknown }),
    ]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(450);
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { status: true } });
    const links = await verifyLinks(email, 2);
    expect(links[1].searchParams.get('callbackURL')).toBe('/again');
    expect(smtp.mailsTo(unknown)).toEqual([]);
    expect(await post('/send-verification-email', { email: 'not-an-email' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });

  it('lets a signed-in user ask only for their own, unverified address', async () => {
    const { email, cookie } = await signUp();
    const headers = { cookie, origin: stack.baseUrl };
    expect(await post('/send-verification-email', { email: uniqueEmail('other') }, headers)).toMatchObject({
      status: 400,
      body: { code: 'EMAIL_MISMATCH', message: 'Email mismatch' },
    });
    expect(
      await post('/send-verification-email', { email: email.toUpperCase(), callbackURL: '/mine' }, headers),
    ).toMatchObject({ status: 200, body: { status: true } });
    const links = await verifyLinks(email, 2);
    expect(links[links.length - 1].searchParams.get('callbackURL')).toBe('/mine');
    expect((await follow(links[links.length - 1])).status).toBe(302);
    expect(await post('/send-verification-email', { email }, headers)).toMatchObject({
      status: 400,
      body: { code: 'EMAIL_ALREADY_VERIFIED', message: 'Email is already verified' },
    });
  });
  describe('login CSRF through the link', () => {
    const navigation = (site: string) => ({ 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' });

    it('verifies a link another site sent the browser to, but signs nobody in', async () => {
      const { email, cookie } = await signUp({ callbackURL: '/welcome' });
      const [link] = await verifyLinks(email);
      const answer = await request(link.toString(), { headers: navigation('cross-site') });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/welcome');
      expect(answer.setCookies).toEqual([]);
      expect((await sessionOf(cookie)).body).toMatchObject({ user: { email, emailVerified: true } });
    });

    it('signs in from a link opened in the mail client (Sec-Fetch-Site: none) or on our own origin', async () => {
      for (const site of ['none', 'same-origin']) {
        const { email } = await signUp({ callbackURL: '/welcome' });
        const [link] = await verifyLinks(email);
        const answer = await request(link.toString(), { headers: navigation(site) });
        expect(answer.status).toBe(302);
        expect(answer.setCookies).toHaveLength(1);
        expect((await sessionOf(cookieHeaderFrom(answer.setCookies))).body).toMatchObject({
          user: { email, emailVerified: true },
        });
      }
    });

    it("never replaces another user's session with the link's user", async () => {
      const victim = await signUp();
      const attacker = await signUp({ callbackURL: '/welcome' });
      const [link] = await verifyLinks(attacker.email);
      const answer = await request(link.toString(), { headers: { cookie: victim.cookie, ...navigation('none') } });
      expect(answer.status).toBe(302);
      expect(answer.setCookies).toEqual([]);
      expect((await sessionOf(victim.cookie)).body).toMatchObject({ user: { email: victim.email } });
      expect((await sessionOf(attacker.cookie)).body).toMatchObject({ user: { emailVerified: true } });
    });
  });
});
