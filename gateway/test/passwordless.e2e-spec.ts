import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { emailOTPClient, magicLinkClient } from 'better-auth/client/plugins';
import { Redis } from 'ioredis';
import { connectClient } from './support/client.js';
import { eventually, sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TEST_REDIS_URL } from './support/test-redis.js';
import { TestStack } from './support/test-stack.js';

const password = 'correct-horse-1';
const ADDRESS_BUDGET = 5;
const SENDS_PER_ADDRESS = 8;

interface SignedIn {
  token: string;
  user: { id: string; email: string; name: string; emailVerified: boolean };
}

/** Magic links and email codes (better-auth's magicLink and emailOTP) through the gateway, with real mail. */
describe('passwordless sign-in', () => {
  let stack: TestStack;
  let smtp: SmtpSink;
  let redis: Redis;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp({
      EMAIL_OTP_ADDRESS_BUDGET: String(ADDRESS_BUDGET),
      PASSWORDLESS_ADDRESS_SENDS: String(SENDS_PER_ADDRESS),
    }));
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  });

  const api = (path: string) => stack.url(`/api/auth${path}`);
  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<T>(api(path), body, { 'x-forwarded-for': randomClientIp(), ...headers });
  /** A client library's GET (no Fetch Metadata, no HTML wanted): it spends the link at once. */
  const follow = (link: URL | string, headers: Record<string, string> = {}) =>
    request<SignedIn & { session: { token: string } }>(link.toString(), {
      headers: { 'x-forwarded-for': randomClientIp(), accept: '*/*', ...headers },
    });
  /** A GET with exactly these headers (fetch adds Sec-Fetch-Mode: cors to every request). */
  const rawGet = (link: URL, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const sent = httpGet(link, { headers: { 'x-forwarded-for': randomClientIp(), ...headers } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      sent.on('error', reject);
    });
  const sessionOf = (cookie: string) =>
    request<SignedIn | null>(api('/get-session'), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });

  const mailCount = (email: string) => smtp.mailsTo(email).length;
  /** The first match of `pattern` in the mails to `email` after the first `before` (a verification mail may come between). */
  const mailed = (email: string, before: number, pattern: RegExp) =>
    eventually(
      async () =>
        smtp
          .mailsTo(email)
          .slice(before)
          .map((mail) => mail.content.match(pattern))
          .find((match) => match !== null) ?? undefined,
      { what: `a mail to ${email} with ${pattern}` },
    );
  const LINK = /https?:\/\/[^\s"<>]+magic-link\/verify[^\s"<>]+/;
  const CODE = /one-time code: (\d{6})/;
  async function magicLink(email: string, body: Record<string, unknown> = {}): Promise<URL> {
    const before = mailCount(email);
    const sent = await post('/sign-in/magic-link', { email, ...body });
    expect(sent).toMatchObject({ status: 200, body: { status: true } });
    return new URL((await mailed(email, before, LINK))[0].replaceAll('&amp;', '&'));
  }
  async function otp(email: string, type: string): Promise<string> {
    const before = mailCount(email);
    expect(await post('/email-otp/send-verification-otp', { email, type })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    return (await mailed(email, before, CODE))[1];
  }
  async function signUp(email = uniqueEmail('pwl')) {
    const answer = await post<SignedIn>('/sign-up/email', { name: 'Owner', email, password });
    expect(answer.status).toBe(200);
    return { email, userId: answer.body.user.id, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  describe('magic links', () => {
    it('signs an unknown address up on first use: {token, user, session} and a cookie, once', async () => {
      const email = uniqueEmail('New.Link').toUpperCase();
      const link = await magicLink(email.toLowerCase(), { name: 'Linda' });
      expect(link.searchParams.get('callbackURL')).toBe('/');
      expect(link.searchParams.get('token')).toMatch(/^[a-zA-Z]{32}$/);
      link.searchParams.delete('callbackURL');

      const first = await follow(link);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        token: first.body.session.token,
        user: { email: email.toLowerCase(), name: 'Linda', emailVerified: true },
      });
      expect((await sessionOf(cookieHeaderFrom(first.setCookies))).body?.user.email).toBe(email.toLowerCase());

      const again = await follow(link);
      expect(again.status).toBe(302);
      expect(again.headers.get('location')).toBe(`${stack.baseUrl}/?error=INVALID_TOKEN`);
      expect(again.setCookies).toEqual([]);
    });

    it('redirects a new user to newUserCallbackURL, a known one to callbackURL, failures to errorCallbackURL', async () => {
      const email = uniqueEmail('redirect');
      const urls = { callbackURL: '/home', newUserCallbackURL: '/welcome', errorCallbackURL: '/oops' };
      const first = await follow(await magicLink(email, urls));
      expect(first.status).toBe(302);
      expect(first.headers.get('location')).toBe(`${stack.baseUrl}/welcome`);
      expect(first.setCookies.length).toBeGreaterThan(0);

      const second = await magicLink(email, urls);
      const known = await follow(second);
      expect(known.headers.get('location')).toBe(`${stack.baseUrl}/home`);
      expect((await follow(second)).headers.get('location')).toBe(`${stack.baseUrl}/oops?error=INVALID_TOKEN`);
    });

    it('voids the older link when a new one is sent', async () => {
      const email = uniqueEmail('void-link');
      const older = await magicLink(email);
      const newer = await magicLink(email);
      expect((await follow(older)).headers.get('location')).toContain('error=INVALID_TOKEN');
      expect((await follow(newer)).headers.get('location')).toBe(`${stack.baseUrl}/`);
    });

    it('answers a browser navigation with a page that confirms by POST, so a prefetch spends nothing', async () => {
      const email = uniqueEmail('landing');
      const link = await magicLink(email, { callbackURL: '/home' });
      // A scanner without Fetch Metadata asking for HTML, and a browser's navigation (Node's fetch always says cors).
      for (const headers of [{ accept: 'text/html,*/*' }, { 'sec-fetch-mode': 'navigate', accept: 'text/html' }]) {
        const page = await rawGet(link, headers);
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.headers['set-cookie']).toBeUndefined();
        expect(page.body).toContain('method="post"');
      }
      const forged = await request(link.toString(), {
        method: 'POST',
        headers: {
          'x-forwarded-for': randomClientIp(),
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
      });
      expect(forged).toMatchObject({ status: 403, body: { code: 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED' } });
      // What the page's form sends: an empty form body from our own origin.
      const confirmed = await request(link.toString(), {
        method: 'POST',
        headers: {
          'x-forwarded-for': randomClientIp(),
          origin: stack.baseUrl,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: '',
      });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get('location')).toBe(`${stack.baseUrl}/home`);
      expect(confirmed.setCookies.length).toBeGreaterThan(0);
    });

    it('refuses untrusted callback URLs when sending and when verifying, the token unspent', async () => {
      const email = uniqueEmail('callbacks');
      const evil = 'https://evil.example/x';
      for (const [field, code] of [
        ['callbackURL', 'INVALID_CALLBACK_URL'],
        ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
        ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
      ]) {
        expect(await post('/sign-in/magic-link', { email, [field]: evil })).toMatchObject({
          status: 403,
          body: { code },
        });
        const link = await magicLink(email);
        link.searchParams.set(field, evil);
        expect(await follow(link)).toMatchObject({ status: 403, body: { code } });
        if (field === 'callbackURL') link.searchParams.set(field, '/');
        else link.searchParams.delete(field);
        expect((await follow(link)).headers.get('location')).toBe(`${stack.baseUrl}/`);
      }
    });

    it('answers a known and an unknown address alike, and mails both', async () => {
      const { email } = await signUp();
      const unknown = uniqueEmail('unknown');
      const known = await post('/sign-in/magic-link', { email });
      const stranger = await post('/sign-in/magic-link', { email: unknown });
      expect(stranger.status).toBe(known.status);
      expect(stranger.body).toEqual(known.body);
      await eventually(async () => mailCount(unknown) > 0 || undefined, { what: 'a link to the unknown address' });
      expect(await post('/sign-in/magic-link', { email: 'not-an-address' })).toMatchObject({ status: 400 });
    });

    it('works with the better-auth client (magicLinkClient)', async () => {
      const client = connectClient(stack.baseUrl, [magicLinkClient()]);
      const email = uniqueEmail('client-link');
      const before = mailCount(email);
      expect((await client.signIn.magicLink({ email })).data).toEqual({ status: true });
      const token = new URL((await mailed(email, before, LINK))[0].replaceAll('&amp;', '&')).searchParams.get('token')!;
      const verified = await client.magicLink.verify({ query: { token } });
      expect(verified.data).toMatchObject({ user: { email, emailVerified: true } });
      expect((await client.getSession()).data?.user.email).toBe(email);
    });
  });

  describe('claiming an unverified account (pre-account takeover)', () => {
    it.each([
      [
        'a magic link',
        async (email: string) => {
          const link = await magicLink(email);
          link.searchParams.delete('callbackURL');
          return follow(link);
        },
      ],
      [
        'an email code',
        async (email: string) => post('/sign-in/email-otp', { email, otp: await otp(email, 'sign-in') }),
      ],
    ])('by %s removes its password and sessions and mails the owner', async (_how, signIn) => {
      const { email, cookie } = await signUp();
      expect((await sessionOf(cookie)).body).not.toBeNull();

      const claimed = await signIn(email);
      expect(claimed.status).toBe(200);
      expect(claimed.body).toMatchObject({ user: { email, emailVerified: true } });
      expect((await sessionOf(cookie)).body).toBeNull();
      expect(await post('/sign-in/email', { email, password })).toMatchObject({ status: 401 });
      await eventually(async () => smtp.mailsTo(email).find((mail) => mail.content.includes('password was removed')), {
        what: 'the claim notice',
      });
      expect((await sessionOf(cookieHeaderFrom(claimed.setCookies))).body?.user.emailVerified).toBe(true);
    });
  });

  describe('email codes', () => {
    it('signs an unknown address up by code, and refuses a wrong code', async () => {
      const email = uniqueEmail('otp-new');
      const code = await otp(email, 'sign-in');
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await post('/sign-in/email-otp', { email, otp: wrong })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_OTP', message: 'Invalid OTP' },
      });
      const signedIn = await post<SignedIn>('/sign-in/email-otp', {
        email: email.toUpperCase(),
        otp: code,
        name: 'Otto',
      });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).toMatchObject({ user: { email, name: 'Otto', emailVerified: true } });
      expect(signedIn.body.token).toEqual(expect.any(String));
      expect(await post('/sign-in/email-otp', { email, otp: code })).toMatchObject({ body: { code: 'INVALID_OTP' } });
    });

    it('refuses even the right code after 3 wrong tries, then has no code until a new one is sent', async () => {
      const email = uniqueEmail('otp-tries');
      const code = await otp(email, 'sign-in');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect(await post('/sign-in/email-otp', { email, otp: wrong })).toMatchObject({
          body: { code: 'INVALID_OTP' },
        });
      }
      expect(await post('/sign-in/email-otp', { email, otp: code })).toMatchObject({
        status: 403,
        body: { code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' },
      });
      expect(await post('/sign-in/email-otp', { email, otp: code })).toMatchObject({ body: { code: 'INVALID_OTP' } });
    });

    it('voids the older code, and keeps a budget of wrong codes per address that a new code does not restore', async () => {
      const email = uniqueEmail('otp-budget');
      const older = await otp(email, 'sign-in');
      let code = await otp(email, 'sign-in');
      if (older !== code) {
        expect(await post('/sign-in/email-otp', { email, otp: older })).toMatchObject({
          body: { code: 'INVALID_OTP' },
        });
      }
      const wrong = () => (code === '000000' ? '111111' : '000000');
      let spent = older !== code ? 1 : 0;
      while (spent < ADDRESS_BUDGET) {
        if (spent % 2 === 0) code = await otp(email, 'sign-in');
        expect(await post('/sign-in/email-otp', { email, otp: wrong() })).toMatchObject({
          body: { code: 'INVALID_OTP' },
        });
        spent += 1;
      }
      code = await otp(email, 'sign-in');
      expect(await post('/sign-in/email-otp', { email, otp: code })).toMatchObject({
        status: 403,
        body: { code: 'TOO_MANY_ATTEMPTS' },
      });
    });

    it('mails one address a bounded number of links and codes per window, whichever clients ask', async () => {
      const email = uniqueEmail('flood');
      let code = '';
      for (let sent = 0; sent < SENDS_PER_ADDRESS; sent += 1) {
        if (sent % 2 === 0) code = await otp(email, 'sign-in');
        else await magicLink(email);
      }
      expect(await post('/email-otp/send-verification-otp', { email, type: 'sign-in' })).toMatchObject({
        status: 200,
        body: { success: true },
      });
      expect(await post('/sign-in/magic-link', { email })).toMatchObject({ status: 200, body: { status: true } });
      await sleep(1500);
      expect(mailCount(email)).toBe(SENDS_PER_ADDRESS);
      // The refused send voided nothing: the last code mailed still signs in.
      expect(await post('/sign-in/email-otp', { email, otp: code })).toMatchObject({ status: 200 });
    });

    it('stores codes and links hashed: neither appears in Redis', async () => {
      const email = uniqueEmail('hashed');
      const code = await otp(email, 'sign-in');
      const token = (await magicLink(email)).searchParams.get('token')!;
      const keys = await redis.keys('identity:passwordless:*');
      expect(keys.length).toBeGreaterThan(0);
      const stored = await Promise.all(
        keys.map(async (key) =>
          (await redis.type(key)) === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : ((await redis.get(key)) ?? ''),
        ),
      );
      const everything = keys.join('\n') + stored.join('\n');
      expect(everything).not.toContain(token);
      expect(everything).not.toMatch(new RegExp(`"code":"${code}"`));
    });

    it('checks a code without spending it, verifies the address and signs in', async () => {
      const { email } = await signUp();
      const code = await otp(email, 'email-verification');
      const body = { email, type: 'email-verification', otp: code };
      expect(await post('/email-otp/check-verification-otp', body)).toMatchObject({
        status: 200,
        body: { success: true },
      });
      const verified = await post<SignedIn & { status: boolean }>('/email-otp/verify-email', { email, otp: code });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ status: true, user: { email, emailVerified: true } });
      expect((await sessionOf(cookieHeaderFrom(verified.setCookies))).body?.user.emailVerified).toBe(true);
      // Proven by its owner, the account keeps its password.
      expect(await post('/sign-in/email', { email, password })).toMatchObject({ status: 200 });
    });

    it('answers a right code for an address without account with USER_NOT_FOUND, and mails it nothing but sign-in', async () => {
      const email = uniqueEmail('no-account');
      for (const type of ['email-verification', 'forget-password']) {
        expect(await post('/email-otp/send-verification-otp', { email, type })).toMatchObject({
          body: { success: true },
        });
      }
      expect(await post('/email-otp/request-password-reset', { email })).toMatchObject({ body: { success: true } });
      const code = await otp(email, 'sign-in');
      expect(smtp.mailsTo(email)).toHaveLength(1);
      expect(await post('/email-otp/check-verification-otp', { email, type: 'sign-in', otp: code })).toMatchObject({
        status: 400,
        body: { code: 'USER_NOT_FOUND' },
      });
    });

    it('resets the password by code: policy first (code unspent), sessions end, the new password works', async () => {
      const { email, cookie } = await signUp();
      const before = mailCount(email);
      expect(await post('/forget-password/email-otp', { email })).toMatchObject({ body: { success: true } });
      const code = (await mailed(email, before, CODE))[1];
      expect(await post('/email-otp/reset-password', { email, otp: code, password: 'short' })).toMatchObject({
        status: 400,
        body: { code: 'PASSWORD_TOO_SHORT' },
      });
      const newPassword = 'another-horse-2';
      expect(await post('/email-otp/reset-password', { email, otp: code, password: newPassword })).toMatchObject({
        status: 200,
        body: { success: true },
      });
      await eventually(async () => ((await sessionOf(cookie)).body === null ? true : undefined), {
        what: 'the old session ended',
      });
      expect(await post('/sign-in/email', { email, password: newPassword })).toMatchObject({
        status: 200,
        body: { user: { emailVerified: true } },
      });
    });

    it('answers the reference errors for bad input and for the disabled email change', async () => {
      expect(await post('/email-otp/send-verification-otp', { email: 'nope', type: 'sign-in' })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_EMAIL' },
      });
      const email = uniqueEmail('types');
      expect(await post('/email-otp/send-verification-otp', { email, type: 'change-email' })).toMatchObject({
        status: 400,
        body: { message: 'Invalid OTP type' },
      });
      expect(await post('/email-otp/send-verification-otp', { email, type: 'other' })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR' },
      });
      expect(await post('/email-otp/request-email-change', { newEmail: email })).toMatchObject({ status: 401 });
      const { cookie } = await signUp();
      expect(
        await post('/email-otp/change-email', { newEmail: email, otp: '123456' }, { cookie, origin: stack.baseUrl }),
      ).toMatchObject({ status: 400, body: { message: 'Change email with OTP is disabled' } });
    });

    it('works with the better-auth client (emailOTPClient)', async () => {
      const client = connectClient(stack.baseUrl, [emailOTPClient()]);
      const email = uniqueEmail('client-otp');
      const before = mailCount(email);
      expect((await client.emailOtp.sendVerificationOtp({ email, type: 'sign-in' })).data).toEqual({ success: true });
      const code = (await mailed(email, before, CODE))[1];
      const signedIn = await client.signIn.emailOtp({ email, otp: code });
      expect(signedIn.data).toMatchObject({ user: { email, emailVerified: true } });
      expect((await client.getSession()).data?.user.email).toBe(email);
    });
  });
});
