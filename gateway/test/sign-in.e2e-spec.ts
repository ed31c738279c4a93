import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface SignInAnswer {
  redirect: boolean;
  token: string;
  url?: string;
  user: { id: string; email: string };
}

describe('sign-in with email and password', () => {
  let stack: TestStack;
  const password = 'correct-horse-1';

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp(), ...headers });

  async function registered(): Promise<{ email: string; userId: string }> {
    const email = uniqueEmail('signin');
    const answer = await post<{ user: { id: string } }>('/sign-up/email', { name: 'Sign In', email, password });
    expect(answer.status).toBe(200);
    return { email, userId: answer.body.user.id };
  }

  it('answers {redirect:false, token, user} with a session cookie, without a url key', async () => {
    const { email, userId } = await registered();
    const answer = await post<SignInAnswer>('/sign-in/email', { email, password });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      redirect: false,
      token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      user: expect.objectContaining({ id: userId, email }),
    });
    expect('url' in answer.body).toBe(false);
    expect(answer.setCookies[0]).toMatch(new RegExp(`^better-auth\\.session_token=${answer.body.token}\\.`));
    const session = await request<{ session: { token: string } }>(stack.url('/api/auth/get-session'), {
      headers: { cookie: cookieHeaderFrom(answer.setCookies) },
    });
    expect(session.body.session.token).toBe(answer.body.token);
  });

  it('with a callbackURL answers redirect:true, the url and a Location header', async () => {
    const { email } = await registered();
    const answer = await post<SignInAnswer>('/sign-in/email', { email, password, callbackURL: '/dashboard' });
    expect(answer).toMatchObject({ status: 200, body: { redirect: true, url: '/dashboard' } });
    expect(answer.headers.get('location')).toBe('/dashboard');
  });

  it('matches the email in any letter case', async () => {
    const { email } = await registered();
    expect((await post('/sign-in/email', { email: email.toUpperCase(), password })).status).toBe(200);
  });

  it('gives a wrong password and an unknown email the same 401', async () => {
    const { email } = await registered();
    const wrong = await post('/sign-in/email', { email, password: 'wrong-password-1' });
    const unknown = await post('/sign-in/email', { email: uniqueEmail('nobody'), password });
    const expected = { status: 401, body: { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' } };
    expect(wrong).toMatchObject(expected);
    expect(unknown).toMatchObject(expected);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.setCookies).toEqual([]);
  });

  it('refuses a malformed email with INVALID_EMAIL and an over-long password before hashing', async () => {
    expect(await post('/sign-in/email', { email: 'nope', password })).toMatchObject({
      status: 400,
      body: { message: 'Invalid email', code: 'INVALID_EMAIL' },
    });
    const { email } = await registered();
    expect(await post('/sign-in/email', { email, password: 'x'.repeat(129) })).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_TOO_LONG' },
    });
  });

  it('without remember-me sets a browser-session cookie and the dont_remember marker', async () => {
    const { email } = await registered();
    const answer = await post('/sign-in/email', { email, password, rememberMe: false });
    expect(answer.setCookies[0]).not.toContain('Max-Age');
    expect(answer.setCookies[1]).toMatch(/^better-auth\.dont_remember=true\./);
  });

  it('refuses a sign-in posted from an untrusted Origin (login CSRF)', async () => {
    const { email } = await registered();
    expect(await post('/sign-in/email', { email, password }, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { code: 'INVALID_ORIGIN' },
    });
  });

  it('validates the body: 400 VALIDATION_ERROR for wrong types', async () => {
    expect(await post('/sign-in/email', { email: 1, password })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
    expect(await post('/sign-in/email', { email: 'a@example.com', password, rememberMe: 'no' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });
});
