import { base32 } from '@better-auth/utils/base32';
import { twoFactorClient } from 'better-auth/client/plugins';
import { connectClient } from './support/client.js';
import { TestStack } from './support/test-stack.js';
import {
  CHALLENGE_COOKIE,
  PASSWORD as password,
  SESSION_COOKIE,
  startTwoFactorWorld,
  twoFactorSteps,
  type Enabled,
  type TwoFactorWorld,
} from './support/two-factor-steps.js';

describe('two-factor through the gateway', () => {
  let world: TwoFactorWorld;
  let stack: TestStack;
  const { post, sessionUser, cookieIn, sendBack, signUp, totp, totpUser, challenged, mailedCode } = twoFactorSteps(
    () => world,
  );

  beforeAll(async () => {
    world = await startTwoFactorWorld();
    ({ stack } = world);
  });
  afterAll(() => world?.stop());

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
});
