import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface SessionAnswer {
  user: { id: string; name: string; image: string | null; username: string | null; displayUsername: string | null };
}

describe('profile and accounts of the signed-in user', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  const uniqueUsername = (prefix: string) =>
    `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  async function signUp(extra: Record<string, unknown> = {}) {
    const answer = await postJson<{ user: { id: string } }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Prof Ile', email: uniqueEmail('account'), password: 'correct-horse-1', ...extra },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    return { userId: answer.body.user.id, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  const update = (cookie: string, body: unknown) =>
    postJson(stack.url('/api/auth/update-user'), body, { cookie, origin: stack.baseUrl });

  const userOf = async (cookie: string) =>
    (await request<SessionAnswer>(stack.url('/api/auth/get-session'), { headers: { cookie } })).body.user;

  it('changes name, image and username; get-session shows them at once', async () => {
    const { cookie } = await signUp();
    const username = uniqueUsername('Renamed');
    expect(await update(cookie, { name: 'New Name', image: 'https://img.example/a.png', username })).toMatchObject({
      status: 200,
      body: { status: true },
    });
    expect(await userOf(cookie)).toMatchObject({
      name: 'New Name',
      image: 'https://img.example/a.png',
      username: username.toLowerCase(),
      // A new username leaves the display name as it was (none here), as the reference's update-user does.
      displayUsername: null,
    });
    expect((await update(cookie, { image: null })).status).toBe(200);
    expect(await userOf(cookie)).toMatchObject({ name: 'New Name', image: null });
  });

  it('sets the session cookie again after a change, as the reference does, and accepts an empty name', async () => {
    const { cookie } = await signUp();
    const changed = await update(cookie, { name: '' });
    expect(changed.status).toBe(200);
    expect(changed.setCookies).toEqual([
      expect.stringMatching(/^better-auth\.session_token=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/),
    ]);
    expect(cookieHeaderFrom(changed.setCookies)).toBe(cookie);
    expect(await userOf(cookie)).toMatchObject({ name: '' });
  });

  it('lets a user keep their own username but not take another user’s', async () => {
    const mine = uniqueUsername('mine');
    const theirs = uniqueUsername('theirs');
    const { cookie } = await signUp({ username: mine });
    await signUp({ username: theirs });
    expect((await update(cookie, { username: mine.toUpperCase() })).status).toBe(200);
    expect(await update(cookie, { username: theirs })).toMatchObject({
      status: 400,
      body: { code: 'USERNAME_IS_ALREADY_TAKEN' },
    });
    expect(await update(cookie, { username: 'no' })).toMatchObject({
      status: 400,
      body: { code: 'USERNAME_TOO_SHORT' },
    });
  });

  it('refuses the email, fields only the system sets, an empty update and anonymous callers', async () => {
    const { cookie } = await signUp();
    expect(await update(cookie, { email: 'other@example.com' })).toMatchObject({
      status: 400,
      body: { message: 'Email can not be updated', code: 'EMAIL_CAN_NOT_BE_UPDATED' },
    });
    for (const [body, field] of [
      [{ role: 'admin' }, 'role'],
      [{ name: 'x', banned: false }, 'banned'],
    ] as const) {
      expect(await update(cookie, body)).toMatchObject({
        status: 400,
        body: { message: `${field} is not allowed to be set`, code: 'FIELD_NOT_ALLOWED' },
      });
    }
    // emailVerified is the system's too, but dropped like any unknown key, as the reference drops it.
    expect(await update(cookie, { emailVerified: true })).toMatchObject({
      status: 400,
      body: { message: 'No fields to update', code: 'NO_FIELDS_TO_UPDATE' },
    });
    expect(await update(cookie, {})).toMatchObject({
      status: 400,
      body: { message: 'No fields to update', code: 'NO_FIELDS_TO_UPDATE' },
    });
    expect(await update(cookie, { name: 42 })).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect((await postJson(stack.url('/api/auth/update-user'), { name: 'x' })).status).toBe(401);
  });

  it('lists the sign-in methods without secrets', async () => {
    const email = uniqueEmail('methods');
    const { cookie, userId } = await signUp({ email });
    const answer = await request<Record<string, unknown>[]>(stack.url('/api/auth/list-accounts'), {
      headers: { cookie },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        providerId: 'credential',
        provider: 'credential',
        userId,
        accountId: userId,
        email,
        scopes: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect((await request(stack.url('/api/auth/list-accounts'))).status).toBe(401);
  });
});
