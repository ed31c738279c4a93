import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface UserAnswer {
  token: string;
  user: { id: string; email: string; username: string | null; displayUsername: string | null };
}

describe('usernames', () => {
  let stack: TestStack;
  const password = 'correct-horse-1';

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  const post = <T>(path: string, body: unknown) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp() });

  /** Unique per test run, valid under the rules (letters, digits, underscore, dot; at most 30). */
  const uniqueUsername = (prefix: string) =>
    `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  const signUp = (extra: Record<string, unknown>) =>
    post<UserAnswer>('/sign-up/email', { name: 'User Name', email: uniqueEmail('username'), password, ...extra });

  it('signs up with a username stored lower-cased and its typed form as displayUsername', async () => {
    const typed = uniqueUsername('Ada.L');
    const answer = await signUp({ username: typed });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
    const session = await request<UserAnswer>(stack.url('/api/auth/get-session'), {
      headers: { cookie: cookieHeaderFrom(answer.setCookies) },
    });
    expect(session.body.user).toMatchObject({ username: typed.toLowerCase(), displayUsername: typed });
  });

  it('keeps an explicit displayUsername and derives the username from a valid displayUsername alone', async () => {
    const username = uniqueUsername('grace');
    const explicit = await signUp({ username, displayUsername: 'Grace Hopper' });
    expect(explicit.body.user).toMatchObject({ username, displayUsername: 'Grace Hopper' });
    const display = uniqueUsername('Alan.T');
    const derived = await signUp({ displayUsername: display });
    expect(derived.body.user).toMatchObject({ username: display.toLowerCase(), displayUsername: display });
    const invalid = await signUp({ displayUsername: 'Grace Hopper' });
    expect(invalid.body.user).toMatchObject({ username: null, displayUsername: 'Grace Hopper' });
  });

  it('refuses usernames that break the rules with 400 and the rule code', async () => {
    for (const [username, message, code] of [
      ['ab', 'Username is too short', 'USERNAME_TOO_SHORT'],
      ['a'.repeat(31), 'Username is too long', 'USERNAME_TOO_LONG'],
      ['has-dash', 'Username is invalid', 'INVALID_USERNAME'],
    ]) {
      expect(await signUp({ username })).toMatchObject({ status: 400, body: { message, code } });
    }
  });

  it('refuses a username taken in any letter case, and creates exactly one user under concurrency', async () => {
    const username = uniqueUsername('taken');
    expect((await signUp({ username })).status).toBe(200);
    const taken = { message: 'Username is already taken. Please try another.', code: 'USERNAME_IS_ALREADY_TAKEN' };
    expect(await signUp({ username: username.toUpperCase() })).toMatchObject({ status: 400, body: taken });

    const contested = uniqueUsername('race');
    const answers = await Promise.all(Array.from({ length: 6 }, () => signUp({ username: contested })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const loser of answers.filter((answer) => answer.status !== 200)) {
      expect(loser).toMatchObject({ status: 400, body: taken });
    }
  });

  it('signs in by username in any letter case with {redirect:false, token, user} and a session cookie', async () => {
    const username = uniqueUsername('signin');
    const registered = await signUp({ username });
    const answer = await post<UserAnswer & { redirect: boolean }>('/sign-in/username', {
      username: username.toUpperCase(),
      password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      redirect: false,
      token: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
      user: expect.objectContaining({ id: registered.body.user.id, username }),
    });
    expect(answer.setCookies[0]).toMatch(/^better-auth\.session_token=/);
    const redirected = await post('/sign-in/username', { username, password, callbackURL: '/home' });
    expect(redirected).toMatchObject({ status: 200, body: { redirect: true, url: '/home' } });
    expect(redirected.headers.get('location')).toBe('/home');
  });

  it('answers wrong password, unknown and empty usernames with one 401, and rule errors with 422', async () => {
    const username = uniqueUsername('wrong');
    await signUp({ username });
    const invalid = {
      status: 401,
      body: { message: 'Invalid username or password', code: 'INVALID_USERNAME_OR_PASSWORD' },
    };
    expect(await post('/sign-in/username', { username, password: 'not-the-password' })).toMatchObject(invalid);
    expect(await post('/sign-in/username', { username: uniqueUsername('nobody'), password })).toMatchObject(invalid);
    expect(await post('/sign-in/username', { username: '', password })).toMatchObject(invalid);
    expect(await post('/sign-in/username', { username, password: '' })).toMatchObject(invalid);
    expect(await post('/sign-in/username', { username: 'a.b-c', password })).toMatchObject({
      status: 422,
      body: { message: 'Username is invalid', code: 'INVALID_USERNAME' },
    });
    expect(await post('/sign-in/username', { username, password: 'x'.repeat(129) })).toMatchObject({
      status: 400,
      body: { code: 'PASSWORD_TOO_LONG' },
    });
    expect(await post('/sign-in/username', { username: 42, password })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });

  it('tells whether a username is available, case-insensitively, and checks the rules with 422', async () => {
    const username = uniqueUsername('avail');
    expect(await post('/is-username-available', { username })).toMatchObject({
      status: 200,
      body: { available: true },
    });
    await signUp({ username });
    expect(await post('/is-username-available', { username: username.toUpperCase() })).toMatchObject({
      status: 200,
      body: { available: false },
    });
    expect(await post('/is-username-available', { username: 'ab' })).toMatchObject({
      status: 422,
      body: { message: 'Username is too short', code: 'USERNAME_TOO_SHORT' },
    });
    expect(await post('/is-username-available', { username: '' })).toMatchObject({
      status: 422,
      body: { message: 'Username is invalid', code: 'INVALID_USERNAME' },
    });
    expect(await post('/is-username-available', {})).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});
