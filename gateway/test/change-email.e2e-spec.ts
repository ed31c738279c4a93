import { eventually, sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

const password = 'correct-horse-1';
const VERIFY_PATH = '/api/auth/verify-email';

describe('changing the email address', () => {
  let stack: TestStack;
  let smtp: SmtpSink;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp());
  });

  afterAll(() => stack?.stop());

  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<T>(stack.url(`/api/auth${path}`), body, { 'x-forwarded-for': randomClientIp(), ...headers });

  async function signUp() {
    const email = uniqueEmail('change');
    const answer = await post('/sign-up/email', { name: 'Chan Ge', email, password });
    expect(answer.status).toBe(200);
    return { email, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  const changeEmail = (cookie: string, newEmail: string) =>
    post('/change-email', { newEmail, callbackURL: '/settings' }, { cookie, origin: stack.baseUrl });

  /** The verify-email links mailed to `address`, oldest first, once there are `count` mails. */
  const linksTo = (address: string, count: number) =>
    eventually(async () => (smtp.mailsTo(address).length >= count ? smtp.linksTo(address, VERIFY_PATH) : undefined), {
      what: `${count} mail(s) to ${address}`,
    });

  const requestTypeOf = (link: URL) =>
    JSON.parse(Buffer.from((link.searchParams.get('token') ?? '').split('.')[1], 'base64url').toString()).requestType;

  const userOf = async (cookie: string) =>
    (
      await request<{ user: { email: string; emailVerified: boolean } }>(stack.url('/api/auth/get-session'), {
        headers: { cookie },
      })
    ).body.user;

  it('unverified user: nothing changes until the link mailed to the new address is followed, once', async () => {
    const { email, cookie } = await signUp();
    await linksTo(email, 1);
    const newEmail = uniqueEmail('new');
    expect(await changeEmail(cookie, newEmail)).toMatchObject({ status: 200, body: { status: true } });
    const [link] = await linksTo(newEmail, 1);
    expect(requestTypeOf(link)).toBe('change-email-verification');
    expect(link.searchParams.get('callbackURL')).toBe('/settings');
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(await userOf(cookie)).toMatchObject({ email, emailVerified: false });
    expect((await post('/sign-in/email', { email, password })).status).toBe(200);

    // Followed without the session: the link is the proof.
    const followed = await request(link.toString());
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/settings');
    await eventually(async () => ((await userOf(cookie)).email === newEmail ? true : undefined), {
      what: 'the session to show the new address',
    });
    expect(await userOf(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await post('/sign-in/email', { email, password })).status).toBe(401);
    expect((await post('/sign-in/email', { email: newEmail, password })).status).toBe(200);
    expect((await request(link.toString())).headers.get('location')).toBe('/settings?error=INVALID_TOKEN');
  });

  it('refuses a change-email link followed by a browser signed in as another user, as 1.7 (INVALID_USER)', async () => {
    const { email, cookie } = await signUp();
    const other = await signUp();
    const newEmail = uniqueEmail('new');
    expect(await changeEmail(cookie, newEmail)).toMatchObject({ status: 200 });
    const [link] = await linksTo(newEmail, 1);

    const asOther = await request(link.toString(), { headers: { cookie: other.cookie } });
    expect(asOther.status).toBe(302);
    expect(asOther.headers.get('location')).toBe('/settings?error=INVALID_USER');
    const withoutCallback = new URL(link);
    withoutCallback.searchParams.delete('callbackURL');
    expect(await request(withoutCallback.toString(), { headers: { cookie: other.cookie } })).toMatchObject({
      status: 401,
      body: { code: 'INVALID_USER', message: 'Invalid user' },
    });
    expect(await userOf(cookie)).toMatchObject({ email });
    expect(await userOf(other.cookie)).toMatchObject({ email: other.email });

    // The link is not used up: its user's own browser still changes the address with it.
    expect((await request(link.toString(), { headers: { cookie } })).headers.get('location')).toBe('/settings');
    await eventually(async () => ((await userOf(cookie)).email === newEmail ? true : undefined), {
      what: 'the session to show the new address',
    });
  });

  it('verified user: approves from the current address first; each link works once', async () => {
    const { email, cookie } = await signUp();
    const [verification] = await linksTo(email, 1);
    expect((await request(verification.toString())).status).toBe(302);
    const newEmail = uniqueEmail('new');
    expect(await changeEmail(cookie, newEmail)).toMatchObject({ status: 200 });

    const approval = (await linksTo(email, 2))[1];
    expect(requestTypeOf(approval)).toBe('change-email-confirmation');
    expect(smtp.mailsTo(newEmail)).toEqual([]);
    expect((await request(approval.toString())).headers.get('location')).toBe('/settings');
    expect(await userOf(cookie)).toMatchObject({ email });
    expect((await request(approval.toString())).headers.get('location')).toBe('/settings?error=INVALID_TOKEN');

    const [confirmation] = await linksTo(newEmail, 1);
    expect(requestTypeOf(confirmation)).toBe('change-email-verification');
    expect((await request(confirmation.toString())).headers.get('location')).toBe('/settings');
    expect(await userOf(cookie)).toEqual(expect.objectContaining({ email: newEmail, emailVerified: true }));
  });

  it('answers a taken address like a free one and mails nobody', async () => {
    const { email, cookie } = await signUp();
    const other = await signUp();
    await linksTo(email, 1);
    await linksTo(other.email, 1);
    expect(await changeEmail(cookie, other.email.toUpperCase())).toMatchObject({
      status: 200,
      body: { status: true },
    });
    await sleep(500);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(smtp.mailsTo(other.email)).toHaveLength(1);
    expect(await userOf(cookie)).toMatchObject({ email });
  });

  it('refuses the same address, a malformed one and anonymous callers', async () => {
    const { email, cookie } = await signUp();
    expect(await changeEmail(cookie, email.toUpperCase())).toMatchObject({
      status: 400,
      body: { message: 'Email is the same', code: 'EMAIL_IS_THE_SAME' },
    });
    expect(await changeEmail(cookie, 'not-an-email')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
    expect((await post('/change-email', { newEmail: uniqueEmail('x') })).status).toBe(401);
  });
});
