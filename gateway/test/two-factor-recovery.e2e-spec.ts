import { base32 } from '@better-auth/utils/base32';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, randomClientIp, request } from './support/http.js';
import { LocalOpenIdProvider } from './support/identity-providers/local-openid-provider.js';
import type { SmtpSink } from './support/smtp-sink.js';
import {
  CHALLENGE_COOKIE,
  PASSWORD as password,
  SESSION_COOKIE,
  startTwoFactorWorld,
  TRUST_COOKIE,
  twoFactorSteps,
  type Enabled,
  type TwoFactorWorld,
} from './support/two-factor-steps.js';

describe('two-factor through the gateway', () => {
  let world: TwoFactorWorld;
  let smtp: SmtpSink, google: LocalOpenIdProvider, adminEmail: string;
  const { post, get, sessionUser, cookieIn, sendBack, signUp, totp, totpUser, challenged, mailedCode, verifyAddress } =
    twoFactorSteps(() => world);

  beforeAll(async () => {
    world = await startTwoFactorWorld();
    ({ smtp, google, adminEmail } = world);
  });
  afterAll(() => world?.stop());

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
