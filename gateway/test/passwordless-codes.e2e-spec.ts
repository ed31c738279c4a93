import { emailOTPClient } from 'better-auth/client/plugins';
import { Redis } from 'ioredis';
import { connectClient } from './support/client.js';
import { eventually, sleep } from './support/eventually.js';
import { cookieHeaderFrom, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';
import {
  ADDRESS_BUDGET,
  PASSWORD as password,
  passwordlessSteps,
  SENDS_PER_ADDRESS,
  startPasswordlessWorld,
  type PasswordlessWorld,
  type SignedIn,
} from './support/passwordless-steps.js';

/** Magic links and email codes (better-auth's magicLink and emailOTP) through the gateway, with real mail. */
describe('passwordless sign-in', () => {
  let world: PasswordlessWorld;
  let stack: TestStack, smtp: SmtpSink, redis: Redis;
  const { post, sessionOf, mailCount, mailed, CODE, magicLink, otp, signUp } = passwordlessSteps(() => world);

  beforeAll(async () => {
    world = await startPasswordlessWorld();
    ({ stack, smtp, redis } = world);
  });
  afterAll(() => world?.stop());

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
