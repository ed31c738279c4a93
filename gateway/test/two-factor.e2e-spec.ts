import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { twoFactorClient } from 'better-auth/client/plugins';
import { connectClient } from './support/client.js';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail, type JsonResponse } from './support/http.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

interface User {
  email: string;
  id: string;
  /** The session cookie of the user's current session. */
  cookie: string;
}

interface Enabled {
  totpURI: string;
  backupCodes: string[];
}

interface TotpUser extends User {
  secret: Uint8Array;
  backupCodes: string[];
}

const password = 'two-factor-pass-1';
const SESSION_COOKIE = 'better-auth.session_token';
const CHALLENGE_COOKIE = 'better-auth.two_factor';
const TRUST_COOKIE = 'better-auth.trust_device';
const adminEmail = uniqueEmail('tf-admin');

describe('two-factor through the gateway', () => {
  let stack: TestStack;
  let smtp: SmtpSink;
  let google: LocalOpenIdProvider;

  beforeAll(async () => {
    google = await LocalOpenIdProvider.start({ issuer: 'https://accounts.google.com' });
    ({ stack, smtp } = await TestStack.startWithSmtp({ ...google.env('GOOGLE'), ADMIN_EMAILS: adminEmail }));
    google.allowRedirectUri(stack.url('/api/auth/callback/google'));
  });

  afterAll(async () => {
    await stack?.stop();
    await google?.stop();
  });

  const post = <T>(path: string, body: unknown, cookie = '') =>
    postJson<T>(stack.url(`/api/auth${path}`), body, {
      origin: stack.baseUrl,
      'x-forwarded-for': randomClientIp(),
      ...(cookie ? { cookie } : {}),
    });
  const get = <T>(path: string, cookie: string) =>
    request<T>(stack.url(`/api/auth${path}`), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });
  const sessionUser = async (cookie: string) =>
    (await get<{ user: { twoFactorEnabled: boolean } } | null>('/get-session', cookie)).body?.user ?? null;

  /** The Set-Cookie of `name` in an answer, and the cookie header to send it back. */
  const cookieIn = (answer: JsonResponse, name: string) => answer.setCookies.find((c) => c.startsWith(`${name}=`));
  const sendBack = (answer: JsonResponse, name: string) => cookieHeaderFrom([cookieIn(answer, name) ?? '']);

  async function signUp(label: string): Promise<User> {
    const email = uniqueEmail(label);
    const answer = await post<{ user: { id: string } }>('/sign-up/email', { name: label, email, password });
    expect(answer.status).toBe(200);
    return { email, id: answer.body.user.id, cookie: sendBack(answer, SESSION_COOKIE) };
  }

  /** The TOTP code of the secret `steps` periods from now, computed by the reference's own helper. */
  const totp = (secret: Uint8Array, steps = 0) => createOTP(secret).hotp(Math.floor(Date.now() / 30_000) + steps);

  /** A user with TOTP enabled and verified (two-factor on), signed in with the session its verification started. */
  async function totpUser(label: string): Promise<TotpUser> {
    const user = await signUp(label);
    const enabled = await post<Enabled>('/two-factor/enable', { password }, user.cookie);
    expect(enabled.status).toBe(200);
    const secret = base32.decode(new URL(enabled.body.totpURI).searchParams.get('secret')!);
    const verified = await post<{ token: string }>(
      '/two-factor/verify-totp',
      { code: await totp(secret, -1) },
      user.cookie,
    );
    expect(verified.status).toBe(200);
    return { ...user, cookie: sendBack(verified, SESSION_COOKIE), secret, backupCodes: enabled.body.backupCodes };
  }

  /** A password sign-in that meets the challenge: the challenge cookie to send back. */
  async function challenged(email: string, extraCookie = ''): Promise<string> {
    const answer = await post<{ twoFactorRedirect: boolean }>('/sign-in/email', { email, password }, extraCookie);
    expect(answer.body).toMatchObject({ twoFactorRedirect: true });
    return sendBack(answer, CHALLENGE_COOKIE);
  }

  const mailedCode = (email: string, count: number) =>
    eventually(
      async () => {
        // The address's other mails (its verification link) carry no code.
        const codes = smtp.mailsTo(email).map((mail) => /one-time code:\s*(\d{6})/.exec(mail.content)?.[1]);
        return codes.filter((code) => code !== undefined)[count - 1];
      },
      { what: `code ${count} mailed to ${email}` },
    );

  async function verifyAddress(email: string): Promise<void> {
    const link = await eventually(async () => smtp.linksTo(email, '/api/auth/verify-email')[0], { what: 'link' });
    expect((await request(link.toString(), { headers: { 'x-forwarded-for': randomClientIp() } })).status).toBeLessThan(
      400,
    );
  }

  it('enables TOTP with the password: URI and ten backup codes; the first code turns it on and answers the new session', async () => {
    const user = await signUp('tf-enable');
    expect(await post('/two-factor/enable', { password: 'wrong-password-9' }, user.cookie)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PASSWORD', message: 'Invalid password' },
    });
    expect(await post('/two-factor/enable', { password })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    const enabled = await post<Enabled>('/two-factor/enable', { password, issuer: 'Acme Corp' }, user.cookie);
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ method: 'totp', totpURI: expect.any(String), backupCodes: expect.any(Array) });
    const label = `Acme%20Corp:${encodeURIComponent(user.email)}`;
    expect(enabled.body.totpURI).toMatch(
      new RegExp(`^otpauth://totp/${label}\\?secret=[A-Z2-7]{52}&issuer=Acme\\+Corp&digits=6&period=30$`),
    );
    expect(enabled.body.backupCodes).toHaveLength(10);
    for (const code of enabled.body.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(await sessionUser(user.cookie)).toMatchObject({ twoFactorEnabled: false });
    const uri = await post<{ totpURI: string }>('/two-factor/get-totp-uri', { password }, user.cookie);
    expect(new URL(uri.body.totpURI).searchParams.get('secret')).toBe(
      new URL(enabled.body.totpURI).searchParams.get('secret'),
    );

    const secret = base32.decode(new URL(enabled.body.totpURI).searchParams.get('secret')!);
    expect(await post('/two-factor/verify-totp', { code: '000000' }, user.cookie)).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CODE', message: 'Invalid code' },
    });
    const verified = await post<{ token: string; user: { twoFactorEnabled: boolean } }>(
      '/two-factor/verify-totp',
      { code: await totp(secret) },
      user.cookie,
    );
    // Stricter than 1.7: the token of the session that now exists, and the user as they now are.
    expect(verified.status).toBe(200);
    expect(verified.body.user.twoFactorEnabled).toBe(true);
    const newCookie = sendBack(verified, SESSION_COOKIE);
    expect(newCookie).toContain(verified.body.token);
    expect(await sessionUser(newCookie)).toMatchObject({ twoFactorEnabled: true });
    expect(await sessionUser(user.cookie)).toBeNull();
    expect(await post('/two-factor/enable', { password }, newCookie)).toMatchObject({
      status: 400,
      body: { code: 'TOTP_ALREADY_ENABLED' },
    });
  });

  it('signs out the other sessions on request when two-factor goes on and when it goes off (beyond 1.7)', async () => {
    const user = await signUp('tf-others');
    const other = sendBack(await post('/sign-in/email', { email: user.email, password }), SESSION_COOKIE);
    const enabled = await post<Enabled>('/two-factor/enable', { password }, user.cookie);
    const secret = base32.decode(new URL(enabled.body.totpURI).searchParams.get('secret')!);
    const on = await post(
      '/two-factor/verify-totp',
      { code: await totp(secret), revokeOtherSessions: true },
      user.cookie,
    );
    expect(on.status).toBe(200);
    expect(await sessionUser(other)).toBeNull();
    const current = sendBack(on, SESSION_COOKIE);
    expect(await sessionUser(current)).toMatchObject({ twoFactorEnabled: true });

    const second = await post('/two-factor/verify-totp', { code: await totp(secret, 1) }, await challenged(user.email));
    const off = await post('/two-factor/disable', { password, revokeOtherSessions: true }, current);
    expect(off.status).toBe(200);
    expect(await sessionUser(sendBack(second, SESSION_COOKIE))).toBeNull();
    expect(await sessionUser(sendBack(off, SESSION_COOKIE))).toMatchObject({ twoFactorEnabled: false });
  });

  it('answers a sign-in {twoFactorRedirect, twoFactorMethods} with the challenge cookie; the client completes it by TOTP once', async () => {
    const user = await totpUser('tf-client');
    const raw = await post('/sign-in/email', { email: user.email, password });
    expect(raw).toMatchObject({ status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] } });
    expect(cookieIn(raw, CHALLENGE_COOKIE)).toMatch(
      /^better-auth\.two_factor=2fa-[A-Za-z0-9]+\.[A-Za-z0-9+/%]+(?:%3D|=); Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(cookieIn(raw, SESSION_COOKIE)).toContain('Max-Age=0');

    let redirected = false;
    const client = connectClient(stack.baseUrl, [
      twoFactorClient({ onTwoFactorRedirect: () => void (redirected = true) }),
    ]);
    const signIn = await client.signIn.email({ email: user.email, password });
    expect(signIn.data).toMatchObject({ twoFactorRedirect: true });
    expect(redirected).toBe(true);
    const done = await client.twoFactor.verifyTotp({ code: await totp(user.secret) });
    expect(done.error).toBeNull();
    expect(done.data).toMatchObject({ token: expect.any(String), user: { id: user.id, twoFactorEnabled: true } });
    expect((await client.getSession()).data?.user.id).toBe(user.id);

    // The challenge was consumed: its cookie proves nothing any more.
    const challenge = await challenged(user.email);
    const completed = await post('/two-factor/verify-totp', { code: await totp(user.secret, 1) }, challenge);
    expect(completed.status).toBe(200);
    expect(cookieIn(completed, CHALLENGE_COOKIE)).toContain('Max-Age=0');
    expect(await post('/two-factor/verify-totp', { code: await totp(user.secret, 1) }, challenge)).toMatchObject({
      status: 401,
      body: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
    });
    expect(await post('/two-factor/verify-totp', { code: '123456' })).toMatchObject({
      status: 401,
      body: { code: 'INVALID_TWO_FACTOR_COOKIE' },
    });
    expect(await post('/two-factor/verify-totp', {}, challenge)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });

  it('refuses a TOTP code that already completed a sign-in, for the rest of its window (stricter than 1.7)', async () => {
    const user = await totpUser('tf-replay');
    const code = await totp(user.secret);
    expect((await post('/two-factor/verify-totp', { code }, await challenged(user.email))).status).toBe(200);
    expect(await post('/two-factor/verify-totp', { code }, await challenged(user.email))).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CODE' },
    });
  });

  it('completes by mailed code: sent on demand, single use, wrong and stale codes refused', async () => {
    const user = await totpUser('tf-otp');
    const challenge = await challenged(user.email);
    expect(await post('/two-factor/verify-otp', { code: '123456' }, challenge)).toMatchObject({
      status: 400,
      body: { code: 'OTP_HAS_EXPIRED', message: 'OTP has expired' },
    });
    expect(await post('/two-factor/send-otp', {}, challenge)).toMatchObject({ status: 200, body: { status: true } });
    const code = await mailedCode(user.email, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await post('/two-factor/verify-otp', { code: wrong }, challenge)).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CODE' },
    });
    const done = await post<{ token: string; user: { id: string } }>('/two-factor/verify-otp', { code }, challenge);
    expect(done).toMatchObject({ status: 200, body: { token: expect.any(String), user: { id: user.id } } });
    expect(await sessionUser(sendBack(done, SESSION_COOKIE))).toMatchObject({ twoFactorEnabled: true });
    expect((await post('/two-factor/verify-otp', { code }, challenge)).status).toBe(401);

    // A challenge gets three codes at most: new sends do not buy new tries.
    const capped = await challenged(user.email);
    for (let send = 1; send <= 3; send++) expect((await post('/two-factor/send-otp', {}, capped)).status).toBe(200);
    expect(await post('/two-factor/send-otp', {}, capped)).toMatchObject({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS' },
    });
  });

  it('starts the session the sign-in asked for: without remember-me, a browser-session cookie', async () => {
    const user = await totpUser('tf-remember');
    const answer = await post('/sign-in/email', { email: user.email, password, rememberMe: false });
    expect(answer.body).toMatchObject({ twoFactorRedirect: true });
    const done = await post(
      '/two-factor/verify-totp',
      { code: await totp(user.secret) },
      sendBack(answer, CHALLENGE_COOKIE),
    );
    expect(done.status).toBe(200);
    expect(cookieIn(done, SESSION_COOKIE)).not.toContain('Max-Age');
    expect(cookieIn(done, 'better-auth.dont_remember')).toBeDefined();
  });

  it('counts wrong codes from a signed-in session too, and locks them out like a challenge (stricter than 1.7)', async () => {
    const user = await totpUser('tf-session-lock');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await post('/two-factor/verify-totp', { code: '000000' }, user.cookie)).status).toBe(401);
    }
    expect(await post('/two-factor/verify-totp', { code: await totp(user.secret) }, user.cookie)).toMatchObject({
      status: 429,
      body: { code: 'ACCOUNT_TEMPORARILY_LOCKED' },
    });
  });

  it('completes by backup code once each, without a session on request; regenerating voids the old codes', async () => {
    const user = await totpUser('tf-backup');
    const [first, second] = user.backupCodes as [string, string];
    const used = await post<{ token: string }>(
      '/two-factor/verify-backup-code',
      { code: first },
      await challenged(user.email),
    );
    expect(used).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    expect(await post('/two-factor/verify-backup-code', { code: first }, await challenged(user.email))).toMatchObject({
      status: 401,
      body: { code: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' },
    });
    const noSession = await post(
      '/two-factor/verify-backup-code',
      { code: second, disableSession: true },
      await challenged(user.email),
    );
    expect(noSession).toMatchObject({ status: 200, body: { user: { id: user.id } } });
    expect(cookieIn(noSession, SESSION_COOKIE)).toBeUndefined();

    const fresh = await post<{ status: boolean; backupCodes: string[] }>(
      '/two-factor/generate-backup-codes',
      { password },
      user.cookie,
    );
    expect(fresh).toMatchObject({ status: 200, body: { status: true } });
    expect(fresh.body.backupCodes).toHaveLength(10);
    const old = user.backupCodes[2]!;
    expect((await post('/two-factor/verify-backup-code', { code: old }, await challenged(user.email))).status).toBe(
      401,
    );
    const renewed = await post(
      '/two-factor/verify-backup-code',
      { code: fresh.body.backupCodes[0] },
      await challenged(user.email),
    );
    expect(renewed.status).toBe(200);
  });

  it('ends a challenge at its sixth attempt and locks the second step after ten failures, even for the right code', async () => {
    const user = await totpUser('tf-lock');
    const challenge = await challenged(user.email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await post('/two-factor/verify-totp', { code: '000000' }, challenge)).status).toBe(401);
    }
    expect(await post('/two-factor/verify-totp', { code: await totp(user.secret) }, challenge)).toMatchObject({
      status: 400,
      body: { code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', message: 'Too many attempts. Please request a new code.' },
    });
    expect((await post('/two-factor/verify-totp', { code: '000000' }, challenge)).body).toMatchObject({
      code: 'INVALID_TWO_FACTOR_COOKIE',
    });
    const another = await challenged(user.email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await post('/two-factor/verify-backup-code', { code: 'aaaaa-bbbbb' }, another)).status).toBe(401);
    }
    expect(
      await post('/two-factor/verify-totp', { code: await totp(user.secret) }, await challenged(user.email)),
    ).toMatchObject({
      status: 429,
      body: { code: 'ACCOUNT_TEMPORARILY_LOCKED' },
    });
  });

  it('trusts a device for 30 days, and untrusts every device at a password change and when two-factor is disabled', async () => {
    const user = await totpUser('tf-trust');
    const trustedOn = async (steps: number) => {
      const done = await post(
        '/two-factor/verify-totp',
        { code: await totp(user.secret, steps), trustDevice: true },
        await challenged(user.email),
      );
      expect(done.status).toBe(200);
      expect(cookieIn(done, TRUST_COOKIE)).toMatch(
        /^better-auth\.trust_device=trust-device-[A-Za-z0-9]+\..+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      return sendBack(done, TRUST_COOKIE);
    };
    const laptop = await trustedOn(0);
    const phone = await trustedOn(1);
    const trusted = await post<{ token: string }>('/sign-in/email', { email: user.email, password }, laptop);
    expect(trusted).toMatchObject({ status: 200, body: { redirect: false, token: expect.any(String) } });

    // Another user's trust cookie proves nothing, and is cleared.
    const other = await totpUser('tf-trust-other');
    const foreign = await post('/sign-in/email', { email: other.email, password }, laptop);
    expect(foreign.body).toMatchObject({ twoFactorRedirect: true });
    expect(cookieIn(foreign, TRUST_COOKIE)).toContain('Max-Age=0');

    // A new password untrusts every device too.
    const changed = await post('/change-password', { currentPassword: password, newPassword: password }, user.cookie);
    expect(changed.status).toBe(200);
    expect((await post('/sign-in/email', { email: user.email, password }, laptop)).body).toMatchObject({
      twoFactorRedirect: true,
    });

    const disabled = await post('/two-factor/disable', { password }, user.cookie);
    expect(disabled).toMatchObject({ status: 200, body: { status: true } });
    const afterDisable = sendBack(disabled, SESSION_COOKIE);
    expect(await sessionUser(afterDisable)).toMatchObject({ twoFactorEnabled: false });
    const plain = await post('/sign-in/email', { email: user.email, password });
    expect(plain.body).toMatchObject({ redirect: false });

    // On again: the phone that was trusted before must prove the second factor again (stricter than 1.7).
    const again = await post<Enabled>('/two-factor/enable', { password }, afterDisable);
    const secret = base32.decode(new URL(again.body.totpURI).searchParams.get('secret')!);
    expect((await post('/two-factor/verify-totp', { code: await totp(secret) }, afterDisable)).status).toBe(200);
    expect((await post('/sign-in/email', { email: user.email, password }, phone)).body).toMatchObject({
      twoFactorRedirect: true,
    });
  });

  it('sends a two-factor user of a social sign-in to the second step with the challenge (stricter than 1.7)', async () => {
    const user = await totpUser('tf-social');
    await verifyAddress(user.email);
    const sub = `tf-${user.id}`;
    google.addUser({ sub, email: user.email, emailVerified: true, name: 'Social' });
    const started = await post<{ url: string }>('/sign-in/social', { provider: 'google', callbackURL: '/dashboard' });
    const callback = await request(String(await google.authorize(started.body.url, sub)), {
      headers: { cookie: cookieHeaderFrom(started.setCookies), 'x-forwarded-for': randomClientIp() },
    });
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location')!);
    expect(location.pathname).toBe('/two-factor');
    expect(location.searchParams.get('callbackURL')).toBe('/dashboard');
    expect(cookieIn(callback, SESSION_COOKIE)).toBeUndefined();
    const done = await post(
      '/two-factor/verify-totp',
      { code: await totp(user.secret) },
      sendBack(callback, CHALLENGE_COOKIE),
    );
    expect(done).toMatchObject({ status: 200, body: { user: { id: user.id } } });
  });

  it('sends a two-factor user signing in by email code or magic link to the second step too (stricter than 1.7)', async () => {
    const user = await totpUser('tf-passwordless');
    await verifyAddress(user.email); // else the code would claim the account (next test)
    expect((await post('/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' })).status).toBe(200);
    const byCode = await post('/sign-in/email-otp', { email: user.email, otp: await mailedCode(user.email, 1) });
    expect(byCode).toMatchObject({ status: 200, body: { twoFactorRedirect: true } });
    expect(cookieIn(byCode, SESSION_COOKIE) ?? 'Max-Age=0').toContain('Max-Age=0');
    const done = await post(
      '/two-factor/verify-totp',
      { code: await totp(user.secret) },
      sendBack(byCode, CHALLENGE_COOKIE),
    );
    expect(done).toMatchObject({ status: 200, body: { user: { id: user.id } } });

    expect((await post('/sign-in/magic-link', { email: user.email, callbackURL: '/dashboard' })).status).toBe(200);
    const link = await eventually(async () => smtp.linksTo(user.email, '/api/auth/magic-link/verify')[0], {
      what: 'magic link',
    });
    const followed = await request(link.toString(), { headers: { 'x-forwarded-for': randomClientIp() } });
    expect(followed.status).toBe(302);
    const location = new URL(followed.headers.get('location')!);
    expect(location.pathname).toBe('/two-factor');
    expect(location.searchParams.get('callbackURL')).toBe('/dashboard');
    expect(cookieIn(followed, SESSION_COOKIE)).toBeUndefined();
    expect(cookieIn(followed, CHALLENGE_COOKIE)).toBeDefined();
  });

  it('turns off the second factor of an unverified account when someone proves its address by email code', async () => {
    const squatter = await signUp('tf-claimed');
    expect((await post('/two-factor/enable', { password, method: 'otp' }, squatter.cookie)).status).toBe(200);
    expect(await post('/sign-in/email', { email: squatter.email, password })).toMatchObject({
      body: { twoFactorRedirect: true },
    });
    expect((await post('/email-otp/send-verification-otp', { email: squatter.email, type: 'sign-in' })).status).toBe(
      200,
    );
    const owner = await post('/sign-in/email-otp', { email: squatter.email, otp: await mailedCode(squatter.email, 1) });
    expect(owner).toMatchObject({ status: 200, body: { user: { emailVerified: true, twoFactorEnabled: false } } });
    expect(await sessionUser(sendBack(owner, SESSION_COOKIE))).toMatchObject({ twoFactorEnabled: false });
  });

  it('lets an admin see a user’s factors and reset them, the admin recorded as actor', async () => {
    const root = await post<{ user: { id: string } }>('/sign-up/email', { name: 'Admin', email: adminEmail, password });
    expect(root.status).toBe(200);
    await verifyAddress(adminEmail);
    const adminCookie = sendBack(await post('/sign-in/email', { email: adminEmail, password }), SESSION_COOKIE);
    const user = await totpUser('tf-reset');

    expect((await get(`/admin/two-factor?userId=${user.id}`, user.cookie)).status).toBe(403);
    expect(await get(`/admin/two-factor?userId=${user.id}`, adminCookie)).toMatchObject({
      status: 200,
      body: { twoFactorEnabled: true, methods: ['totp', 'otp', 'backup-code'], backupCodesLeft: 10 },
    });
    const reset = await post('/admin/reset-two-factor', { userId: user.id }, adminCookie);
    expect(reset).toMatchObject({ status: 200, body: { user: { id: user.id, twoFactorEnabled: false } } });
    expect((await post('/sign-in/email', { email: user.email, password })).body).toMatchObject({ redirect: false });
    const entry = await eventually(
      async () => {
        const page = await get<{ entries: { data: unknown; actorId: string | null }[] }>(
          `/admin/audit?subjectId=${user.id}&type=TwoFactorDisabled`,
          adminCookie,
        );
        return page.body.entries[0];
      },
      { what: 'the audit entry' },
    );
    expect(entry).toMatchObject({ actorId: root.body.user.id, data: { by: 'admin' } });
  });
});
