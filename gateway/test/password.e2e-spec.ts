import { BackEndNatsAccess, IdentityRpc } from '@authsvc/contracts';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

const password = 'correct-horse-1';
const RESET_LINK_PATH = /^\/api\/auth\/reset-password\/([A-Za-z0-9]{24})$/;
const ACCEPTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

interface AuthAnswer {
  token: string | null;
  user: { id: string; email: string };
}

describe('password reset and change', () => {
  let stack: TestStack;
  let smtp: SmtpSink;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp({ PASSWORD_CONTEXT_WORDS: 'acmecorp' }));
  });

  afterAll(() => stack?.stop());

  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp(), ...headers });

  const signedIn = (cookie: string) => ({ cookie, origin: stack.baseUrl });

  async function signUp() {
    const email = uniqueEmail('password');
    const answer = await post<AuthAnswer>('/sign-up/email', { name: 'Pat', email, password });
    expect(answer.status).toBe(200);
    return { email, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  const signIn = (email: string, secret: string) => post<AuthAnswer>('/sign-in/email', { email, password: secret });

  const sessionOf = async (cookie: string) =>
    (await request(stack.url('/api/auth/get-session'), { headers: { cookie } })).body;

  /** The reset tokens mailed to `email`, oldest first, once `count` reset mails arrived. */
  const resetTokens = (email: string, count = 1) =>
    eventually(
      async () => {
        const tokens = smtp
          .mailsTo(email)
          .flatMap((mail) => mail.content.match(/\/api\/auth\/reset-password\/[A-Za-z0-9]+/g) ?? [])
          .map((path) => RESET_LINK_PATH.exec(path)?.[1])
          .filter((token): token is string => Boolean(token));
        const unique = [...new Set(tokens)];
        return unique.length >= count ? unique : undefined;
      },
      { what: `${count} reset mail(s) to ${email}` },
    );

  it('answers known and unknown addresses alike, and mails a 24-character link only to the known one', async () => {
    const { email } = await signUp();
    const unknown = uniqueEmail('nobody');
    const startedAt = Date.now();
    const [known, missing] = await Promise.all([
      post('/request-password-reset', { email, redirectTo: '/reset' }),
      post('/forget-password', { email: unknown, redirectTo: '/reset' }),
    ]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(450);
    expect(known).toMatchObject({ status: 200, body: ACCEPTED });
    expect(missing.body).toEqual(known.body);
    const [token] = await resetTokens(email);
    const link = smtp.linksTo(email, `/api/auth/reset-password/${token}`)[0];
    expect(link.origin).toBe(stack.baseUrl);
    expect(link.searchParams.get('callbackURL')).toBe('/reset');
    expect(smtp.mailsTo(unknown)).toEqual([]);
    expect(await post('/request-password-reset', { email, redirectTo: 'https://evil.example/' })).toMatchObject({
      status: 403,
      body: { code: 'INVALID_REDIRECT_URL' },
    });
  });

  it("lands a link mailed without redirectTo on the web client's reset screen", async () => {
    const { email } = await signUp();
    await post('/request-password-reset', { email });
    const [token] = await resetTokens(email);
    const link = smtp.linksTo(email, `/api/auth/reset-password/${token}`)[0];
    expect(link.searchParams.get('callbackURL')).toBe('');
    const follow = (url: string) => request(url, { headers: { 'x-forwarded-for': randomClientIp() } });
    const valid = await follow(link.toString());
    expect(valid.status).toBe(302);
    expect(valid.headers.get('location')).toBe(`${stack.baseUrl}/reset-password?token=${token}`);
    const invalid = await follow(stack.url(`/api/auth/reset-password/${'x'.repeat(24)}?callbackURL=`));
    expect(invalid.headers.get('location')).toBe(`${stack.baseUrl}/reset-password?error=INVALID_TOKEN`);
  });

  it('sends the link on to the app with the token, or with ?error=INVALID_TOKEN', async () => {
    const { email } = await signUp();
    await post('/forget-password', { email, redirectTo: '/reset' });
    const [token] = await resetTokens(email);
    // Every reset link shares one rate-limit counter per client: each follow comes from another client.
    const follow = (path: string) =>
      request(stack.url(`/api/auth${path}`), { headers: { 'x-forwarded-for': randomClientIp() } });

    const valid = await follow(`/reset-password/${token}?callbackURL=${encodeURIComponent('/reset?step=2')}`);
    expect(valid.status).toBe(302);
    expect(valid.headers.get('location')).toBe(`${stack.baseUrl}/reset?step=2&token=${token}`);
    const invalid = await follow(`/reset-password/${'x'.repeat(24)}?callbackURL=/reset`);
    expect(invalid.headers.get('location')).toBe(`${stack.baseUrl}/reset?error=INVALID_TOKEN`);
    // A mangled link with a long token still reaches the endpoint (not the router's 404 past 100 characters).
    const long = await follow(`/reset-password/${'x'.repeat(200)}?callbackURL=/reset`);
    expect(long.headers.get('location')).toBe(`${stack.baseUrl}/reset?error=INVALID_TOKEN`);
    expect(await follow(`/reset-password/${token}`)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(await follow(`/reset-password/${token}?callbackURL=https://evil.example/`)).toMatchObject({
      status: 403,
      body: { code: 'INVALID_CALLBACK_URL' },
    });
  });

  it('resets once with the newest link, voids older links, and by default signs every session out', async () => {
    const { email, cookie } = await signUp();
    await post('/request-password-reset', { email });
    await resetTokens(email, 1);
    await post('/request-password-reset', { email });
    const [older, newer] = await resetTokens(email, 2);

    expect(await post('/reset-password', { token: newer, newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_TOO_SHORT' },
    });
    expect(await post('/reset-password', { newPassword: 'a-new-password-1' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid token', code: 'INVALID_TOKEN' },
    });
    expect(await post('/reset-password', { token: newer, newPassword: 'a-new-password-1' })).toMatchObject({
      status: 200,
      body: { status: true },
    });
    for (const token of [newer, older]) {
      expect(await post('/reset-password', { token, newPassword: 'another-password-2' })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_TOKEN' },
      });
    }
    expect((await signIn(email, password)).status).toBe(401);
    expect((await signIn(email, 'a-new-password-1')).status).toBe(200);
    await eventually(async () => ((await sessionOf(cookie)) === null ? true : undefined), {
      what: 'the session from before the reset to end',
    });
  });

  it('takes the token from the query too', async () => {
    const { email } = await signUp();
    await post('/request-password-reset', { email });
    const [token] = await resetTokens(email);
    const answer = await postJson(
      stack.url(`/api/auth/reset-password?token=${token}`),
      { newPassword: 'query-password-1' },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer).toMatchObject({ status: 200, body: { status: true } });
    expect((await signIn(email, 'query-password-1')).status).toBe(200);
  });

  it('changes the password after checking the current one, keeping sessions unless asked', async () => {
    const { email, cookie } = await signUp();
    const change = (body: Record<string, unknown>, from = cookie) =>
      post<AuthAnswer>('/change-password', body, signedIn(from));

    expect(await change({ currentPassword: 'wrong-password', newPassword: 'changed-password-1' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid password', code: 'INVALID_PASSWORD' },
    });
    expect(await change({ currentPassword: password, newPassword: 'short' })).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_TOO_SHORT' },
    });
    const kept = await change({ currentPassword: password, newPassword: 'changed-password-1' });
    expect(kept).toMatchObject({ status: 200, body: { token: null, user: { email } } });
    expect(await sessionOf(cookie)).toMatchObject({ user: { email } });
    expect((await signIn(email, 'changed-password-1')).status).toBe(200);
    expect(await post('/change-password', { currentPassword: password, newPassword: 'x-password-1' })).toMatchObject({
      status: 401,
    });
  });

  it('with revokeOtherSessions ends every other session and answers a new token with its cookie', async () => {
    const { email, cookie } = await signUp();
    const other = cookieHeaderFrom((await signIn(email, password)).setCookies);
    const answer = await post<AuthAnswer>(
      '/change-password',
      { currentPassword: password, newPassword: 'changed-password-2', revokeOtherSessions: true },
      signedIn(cookie),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const replacement = cookieHeaderFrom(answer.setCookies);
    expect(replacement).toContain(answer.body.token);
    expect(await sessionOf(other)).toBeNull();
    expect(await sessionOf(cookie)).toBeNull();
    expect(await sessionOf(replacement)).toMatchObject({ session: { token: answer.body.token } });
  });

  it('verifies the password of the signed-in user for re-authentication', async () => {
    const { cookie } = await signUp();
    expect(await post('/verify-password', { password }, signedIn(cookie))).toMatchObject({
      status: 200,
      body: { status: true },
    });
    expect(await post('/verify-password', { password: 'not-it' }, signedIn(cookie))).toMatchObject({
      status: 400,
      body: { message: 'Invalid password', code: 'INVALID_PASSWORD' },
    });
    expect((await post('/verify-password', { password })).status).toBe(401);
  });

  it('answers set-password over NATS, from inside the system', async () => {
    const { cookie } = await signUp();
    const session = (
      await request<{ user: { id: string } }>(stack.url('/api/auth/get-session'), {
        headers: { cookie },
      })
    ).body;
    const client = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: stack.natsOptions(BackEndNatsAccess.user),
    });
    const setPassword = (payload: Record<string, unknown>) =>
      firstValueFrom(client.send(IdentityRpc.setPassword.subject, { correlationId: 'e2e', ...payload })).catch(
        (error: unknown) => error,
      );
    try {
      expect(await setPassword({ userId: session.user.id, newPassword: 'a-first-password' })).toMatchObject({
        message: 'user already has a password',
        code: 'USER_ALREADY_HAS_A_PASSWORD',
      });
      expect(await setPassword({ userId: 'no-such-user', newPassword: 'a-first-password' })).toMatchObject({
        code: 'USER_NOT_FOUND',
      });
      expect(await setPassword({ userId: session.user.id, newPassword: 'short' })).toMatchObject({
        code: 'PASSWORD_TOO_SHORT',
      });
      expect(await setPassword({ userId: session.user.id })).toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await client.close();
    }
  });

  it('does not route set-password over HTTP', async () => {
    const { cookie } = await signUp();
    expect((await post('/set-password', { newPassword: 'a-first-password' }, signedIn(cookie))).status).toBe(404);
  });

  it('refuses a common password at sign-up, change and reset, in any letter case, and accepts it nowhere', async () => {
    const compromised = { status: 400, body: { code: 'PASSWORD_COMPROMISED' } };
    const email = uniqueEmail('common');
    expect(await post('/sign-up/email', { name: 'Pat', email, password: 'Password123' })).toMatchObject(compromised);
    const { email: registered, cookie } = await signUp();
    const change = { currentPassword: password, newPassword: 'iloveyou1' };
    expect(await post('/change-password', change, signedIn(cookie))).toMatchObject(compromised);
    await post('/request-password-reset', { email: registered });
    const [token] = await resetTokens(registered);
    expect(await post('/reset-password', { token, newPassword: 'QWERTY123' })).toMatchObject(compromised);
    expect((await signIn(registered, password)).status).toBe(200);
    const contextWord = { status: 400, body: { code: 'PASSWORD_CONTAINS_CONTEXT_WORD' } };
    const acme = { name: 'Pat', email: uniqueEmail('context'), password: 'my-AcmeCorp-pass' };
    expect(await post('/sign-up/email', acme)).toMatchObject(contextWord);
  });
});
