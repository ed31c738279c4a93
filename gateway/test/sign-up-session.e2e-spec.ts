import pg from 'pg';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail, type JsonResponse } from './support/http.js';
import { signUpWith, type AuthAnswer, type SessionAnswer } from './support/sign-up-steps.js';
import { TestStack } from './support/test-stack.js';

const SIGNED_SESSION_COOKIE = /^better-auth\.session_token=([A-Za-z0-9]{32})\.([A-Za-z0-9%]+); /;

describe('sign-up, get-session and sign-out through the gateway', () => {
  let stack: TestStack;
  let origin: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    origin = { origin: stack.baseUrl };
  });

  afterAll(() => stack?.stop());
  const signUp = (body: unknown, headers: Record<string, string> = {}) => signUpWith(stack, body, headers);

  async function signedUp(): Promise<{ answer: JsonResponse<AuthAnswer>; cookie: string; email: string }> {
    const email = uniqueEmail('ada');
    const answer = await signUp({ name: 'Ada Lovelace', email, password: 'correct-horse-1' });
    expect(answer.status).toBe(200);
    return { answer, cookie: cookieHeaderFrom(answer.setCookies), email };
  }

  it('serves no development mailbox unless DEV_MAILBOX_ENABLED turns it on', async () => {
    for (const path of ['/dev/mailbox.json', '/dev/mailbox']) {
      expect(await request(stack.url(path))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('answers /ok', async () => {
    const answer = await request(stack.url('/api/auth/ok'));
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('renders the error page with the code escaped, "Unknown" by default', async () => {
    const page = await request<string>(stack.url('/api/auth/error?error=%3Cb%3Ebad%3C%2Fb%3E'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('&lt;b&gt;bad&lt;/b&gt;');
    expect(page.body).toContain('Return to Application');
    expect((await request<string>(stack.url('/api/auth/error'))).body).toContain('>Unknown<');
  });

  it('signs up: {token, user} and a signed session cookie for seven days', async () => {
    const { answer, email } = await signedUp();
    expect(answer.body.user).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      email,
      name: 'Ada Lovelace',
      image: null,
      emailVerified: false,
      username: null,
      displayUsername: null,
      role: 'user',
      banned: false,
      banReason: null,
      banExpires: null,
      twoFactorEnabled: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(answer.setCookies).toHaveLength(1);
    const [cookie] = answer.setCookies;
    const [, token, encodedSignature] = SIGNED_SESSION_COOKIE.exec(cookie) ?? [];
    expect(token).toBe(answer.body.token);
    const signature = decodeURIComponent(encodedSignature);
    expect(signature).toHaveLength(44);
    expect(signature.endsWith('=')).toBe(true);
    expect(cookie).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('stores the email lower-cased and refuses the same address in any case', async () => {
    const email = uniqueEmail('Case').toUpperCase();
    const first = await signUp({ name: 'Case', email, password: 'correct-horse-1' });
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(email.toLowerCase());
    const again = await signUp({ name: 'Case', email: email.toLowerCase(), password: 'correct-horse-1' });
    expect(again).toMatchObject({
      status: 422,
      body: { message: 'User already exists. Use another email.', code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' },
    });
    expect(again.setCookies).toEqual([]);
  });

  it('creates exactly one user when the same email signs up ten times at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => signUp({ name: 'Race', email, password: 'correct-horse-1' })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(9);
    const database = new pg.Client({ connectionString: stack.databaseUrl });
    await database.connect();
    try {
      const { rows } = await database.query('SELECT count(*)::int AS count FROM identity.users WHERE email = $1', [
        email,
      ]);
      expect(rows[0].count).toBe(1);
    } finally {
      await database.end();
    }
  });

  it('answers get-session with {session, user}, never cached', async () => {
    const { answer, cookie } = await signedUp();
    const session = await request<SessionAnswer>(stack.url('/api/auth/get-session'), {
      headers: { cookie, 'user-agent': 'e2e-agent' },
    });
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');
    expect(session.body.user).toEqual(answer.body.user);
    expect(session.body.session).toMatchObject({
      token: answer.body.token,
      userId: answer.body.user.id,
      activeOrganizationId: null,
      activeTeamId: null,
    });
    const lifetime = new Date(session.body.session.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
  });

  it('answers null without a cookie, and null plus cleared cookies for a forged one', async () => {
    expect((await request(stack.url('/api/auth/get-session'))).body).toBeNull();
    const { answer } = await signedUp();
    const forged = `better-auth.session_token=${answer.body.token}.${encodeURIComponent('A'.repeat(43) + '=')}`;
    const session = await request(stack.url('/api/auth/get-session'), { headers: { cookie: forged } });
    expect(session.body).toBeNull();
    expect(session.setCookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^better-auth\.session_token=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/),
      ]),
    );
  });

  it('signs out: {success:true}, cookies cleared and the session gone', async () => {
    const { cookie } = await signedUp();
    const signOut = await postJson(stack.url('/api/auth/sign-out'), {}, { cookie, ...origin });
    expect(signOut).toMatchObject({ status: 200, body: { success: true } });
    expect(signOut.setCookies.map((value) => value.split('=')[0])).toEqual([
      'better-auth.session_token',
      'better-auth.session_data',
      'better-auth.dont_remember',
    ]);
    expect((await request(stack.url('/api/auth/get-session'), { headers: { cookie } })).body).toBeNull();
  });

  it('without remember-me, issues a browser-session cookie and the signed dont_remember marker', async () => {
    const answer = await signUp({
      name: 'Brief',
      email: uniqueEmail('brief'),
      password: 'correct-horse-1',
      rememberMe: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.setCookies[0]).not.toContain('Max-Age');
    expect(answer.setCookies[1]).toMatch(
      /^better-auth\.dont_remember=true\.[A-Za-z0-9%]+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('refuses cookie-bearing POSTs without a trusted Origin', async () => {
    const { cookie } = await signedUp();
    const missing = await postJson(stack.url('/api/auth/sign-out'), {}, { cookie });
    expect(missing).toMatchObject({ status: 403, body: { code: 'MISSING_OR_NULL_ORIGIN' } });
    const evil = await postJson(stack.url('/api/auth/sign-out'), {}, { cookie, origin: 'http://evil.example' });
    expect(evil).toMatchObject({ status: 403, body: { message: 'Invalid origin', code: 'INVALID_ORIGIN' } });
    const session = await request<SessionAnswer | null>(stack.url('/api/auth/get-session'), { headers: { cookie } });
    expect(session.body).not.toBeNull();
  });

  it('refuses an untrusted callbackURL and accepts a safe relative one', async () => {
    const evil = await signUp({
      name: 'C',
      email: uniqueEmail('cb'),
      password: 'correct-horse-1',
      callbackURL: 'https://evil.example/x',
    });
    expect(evil).toMatchObject({ status: 403, body: { message: 'Invalid callbackURL', code: 'INVALID_CALLBACK_URL' } });
    const relative = await signUp({
      name: 'C',
      email: uniqueEmail('cb'),
      password: 'correct-horse-1',
      callbackURL: '/welcome',
    });
    expect(relative.status).toBe(200);
  });

  it('limits sign-up to 3 requests per 10 s per client, with X-Retry-After', async () => {
    const client = { 'x-forwarded-for': randomClientIp() };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await signUp({ name: 'R', email: uniqueEmail('limit'), password: 'correct-horse-1' }, client)).status,
      ).toBe(200);
    }
    const limited = await signUp({ name: 'R', email: uniqueEmail('limit'), password: 'correct-horse-1' }, client);
    expect(limited).toMatchObject({
      status: 429,
      body: { message: 'Too many requests. Please try again later.', code: 'TOO_MANY_REQUESTS' },
    });
    expect(Number(limited.headers.get('x-retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('x-retry-after'))).toBeLessThanOrEqual(10);
    const otherClient = await signUp({ name: 'R', email: uniqueEmail('limit'), password: 'correct-horse-1' });
    expect(otherClient.status).toBe(200);
  });

  it('limits get-session like every path, answers from the near cache included (100 per 10 s per client)', async () => {
    const up = await signUp({ name: 'R', email: uniqueEmail('limit'), password: 'correct-horse-1' });
    const headers = { cookie: cookieHeaderFrom(up.setCookies), 'x-forwarded-for': randomClientIp() };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 101; attempt += 1) {
      statuses.push((await request(stack.url('/api/auth/get-session'), { headers })).status);
    }
    expect(statuses.slice(0, 100).every((status) => status === 200)).toBe(true);
    expect(statuses[100]).toBe(429);
  });

  it('answers unknown routes with 404 {message, code}', async () => {
    expect(await request(stack.url('/api/auth/nope'))).toMatchObject({
      status: 404,
      body: { message: 'Not Found', code: 'NOT_FOUND' },
    });
  });

  it('routes case-sensitively and strictly: another spelling of a path is an unknown route', async () => {
    for (const path of ['/api/Auth/get-session', '/api/auth/Get-Session', '/api/auth/get-session/', '/api/auth/ok/']) {
      expect(await request(stack.url(path))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('answers a path that does not percent-decode as an unknown route', async () => {
    expect(await request(stack.url('/api/auth/%E0%A4%A'))).toMatchObject({
      status: 404,
      body: { message: 'Not Found', code: 'NOT_FOUND' },
    });
  });

  it('refuses POST /get-session as the current client expects', async () => {
    expect(await postJson(stack.url('/api/auth/get-session'), {})).toMatchObject({
      status: 405,
      body: { code: 'METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED' },
    });
  });

  it('reports readiness of the gateway with its dependencies', async () => {
    expect(await request(stack.url('/health/ready'))).toMatchObject({
      status: 200,
      body: { status: 'ok', service: 'gateway', checks: { redis: 'up', nats: 'up' } },
    });
  });
});
