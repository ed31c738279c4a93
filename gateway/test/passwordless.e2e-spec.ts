import { magicLinkClient } from 'better-auth/client/plugins';
import { connectClient } from './support/client.js';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';
import {
  PASSWORD as password,
  passwordlessSteps,
  startPasswordlessWorld,
  type PasswordlessWorld,
} from './support/passwordless-steps.js';

/** Magic links and email codes (better-auth's magicLink and emailOTP) through the gateway, with real mail. */
describe('passwordless sign-in', () => {
  let world: PasswordlessWorld;
  let stack: TestStack, smtp: SmtpSink;
  const { post, follow, rawGet, sessionOf, mailCount, mailed, LINK, magicLink, otp, signUp } = passwordlessSteps(
    () => world,
  );

  beforeAll(async () => {
    world = await startPasswordlessWorld();
    ({ stack, smtp } = world);
  });
  afterAll(() => world?.stop());

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
});
