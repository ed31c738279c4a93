import pg from 'pg';
import { eventually, sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

const password = 'correct-horse-1';
const DELETED = { success: true, message: 'User deleted' };

async function signUp(stack: TestStack) {
  const email = uniqueEmail('delete');
  const answer = await postJson<{ user: { id: string } }>(
    stack.url('/api/auth/sign-up/email'),
    { name: 'Del Ete', email, password },
    { 'x-forwarded-for': randomClientIp() },
  );
  expect(answer.status).toBe(200);
  return { email, userId: answer.body.user.id, cookie: cookieHeaderFrom(answer.setCookies) };
}

const deleteUser = (stack: TestStack, cookie: string, body: Record<string, unknown>) =>
  postJson(stack.url('/api/auth/delete-user'), body, {
    cookie,
    origin: stack.baseUrl,
    'x-forwarded-for': randomClientIp(),
  });

const sessionOf = async (stack: TestStack, cookie: string) =>
  (await request(stack.url('/api/auth/get-session'), { headers: { cookie } })).body;

const isCleared = (setCookies: string[]) =>
  setCookies.some((cookie) => /^better-auth\.session_token=;.*Max-Age=0/.test(cookie));

// One stack for both describes: the second restarts the two apps whose settings it changes.
let stack: TestStack;
let smtp: SmtpSink;

beforeAll(async () => {
  ({ stack, smtp } = await TestStack.startWithSmtp({ SESSION_FRESH_AGE: '2' }));
});

afterAll(() => stack?.stop());

describe('deleting an account', () => {
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  });

  afterAll(() => db?.end());

  const count = async (sql: string, userId: string) => Number((await db.query(sql, [userId])).rows[0].count);

  it('with the password: removes the user, every session and all personal data, and frees the address', async () => {
    const { email, userId, cookie } = await signUp(stack);
    const otherDevice = cookieHeaderFrom(
      (
        await postJson(
          stack.url('/api/auth/sign-in/email'),
          { email, password },
          { 'x-forwarded-for': randomClientIp() },
        )
      ).setCookies,
    );
    expect(await deleteUser(stack, cookie, { password: 'wrong-password' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_PASSWORD' },
    });
    const answer = await deleteUser(stack, cookie, { password });
    expect(answer).toMatchObject({ status: 200, body: DELETED });
    expect(isCleared(answer.setCookies)).toBe(true);
    expect(await sessionOf(stack, cookie)).toBeNull();
    expect(await sessionOf(stack, otherDevice)).toBeNull();

    expect(await count('SELECT count(*) FROM identity.users WHERE id = $1', userId)).toBe(0);
    expect(await count('SELECT count(*) FROM identity.accounts WHERE user_id = $1', userId)).toBe(0);
    expect(await count('SELECT count(*) FROM identity.data_keys WHERE subject = $1', userId)).toBe(0);
    await eventually(
      async () =>
        (await count('SELECT count(*) FROM session.data_keys WHERE subject = $1', userId)) === 0 &&
        (await count('SELECT count(*) FROM mailer.mails WHERE user_id = $1', userId)) === 0
          ? true
          : undefined,
      { what: 'the session and mailer services to forget the user' },
    );
    // The events stay (append-only) but their personal part can no longer be decrypted.
    expect(await count('SELECT count(*) FROM identity.events WHERE personal_subject = $1', userId)).toBeGreaterThan(0);

    const again = await postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Again', email, password },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(again.status).toBe(200);
  });

  it('with a fresh session and no password, deletes at once', async () => {
    const { cookie } = await signUp(stack);
    expect(await deleteUser(stack, cookie, {})).toMatchObject({ status: 200, body: DELETED });
  });

  it('refuses a stale session without the password, with the re-authentication message', async () => {
    const { cookie } = await signUp(stack);
    await sleep(2100);
    expect(await deleteUser(stack, cookie, {})).toMatchObject({
      status: 400,
      body: {
        message: 'Session expired. Re-authenticate to perform this action.',
        code: 'SESSION_EXPIRED_REAUTHENTICATE_TO_PERFORM_THIS_ACTION',
      },
    });
    expect(await deleteUser(stack, cookie, { password })).toMatchObject({ status: 200, body: DELETED });
  });

  it('needs a session', async () => {
    expect((await postJson(stack.url('/api/auth/delete-user'), {})).status).toBe(401);
  });
});

describe('deleting an account with confirmation by mail', () => {
  // The gateway's default freshness (a day): these sessions are not about it.
  beforeAll(() =>
    Promise.all([
      stack.restart('gateway', { SESSION_FRESH_AGE: '86400' }),
      stack.restart('identity', { DELETE_USER_SEND_VERIFICATION: 'true' }),
    ]),
  );

  const deletionLink = (email: string) =>
    eventually(async () => smtp.linksTo(email, '/api/auth/delete-user/callback')[0], {
      what: `the deletion mail to ${email}`,
    });

  it('mails a 32-character link that deletes the account when its signed-in owner follows it', async () => {
    const { email, cookie } = await signUp(stack);
    expect(await deleteUser(stack, cookie, { callbackURL: '/goodbye' })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Verification email sent' },
    });
    const link = await deletionLink(email);
    expect(link.searchParams.get('token')).toMatch(/^[0-9a-z]{32}$/);
    expect(link.searchParams.get('callbackURL')).toBe('/goodbye');
    expect(await sessionOf(stack, cookie)).toMatchObject({ user: { email } });

    const anonymous = await request(link.toString());
    expect(anonymous).toMatchObject({ status: 404, body: { message: 'Failed to get user info' } });
    const stranger = await signUp(stack);
    expect(await request(link.toString(), { headers: { cookie: stranger.cookie } })).toMatchObject({
      status: 404,
      body: { code: 'INVALID_TOKEN' },
    });

    const followed = await request(link.toString(), { headers: { cookie } });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/goodbye');
    expect(isCleared(followed.setCookies)).toBe(true);
    expect(await sessionOf(stack, cookie)).toBeNull();
  });

  it('also takes the mailed token in the body', async () => {
    const { email, cookie } = await signUp(stack);
    await deleteUser(stack, cookie, {});
    const token = (await deletionLink(email)).searchParams.get('token');
    expect(await deleteUser(stack, cookie, { token: 'x'.repeat(32) })).toMatchObject({ status: 404 });
    expect(await deleteUser(stack, cookie, { token })).toMatchObject({ status: 200, body: DELETED });
  });
});
