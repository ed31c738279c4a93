import { sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface SessionAnswer {
  session: { createdAt: string; expiresAt: string };
}

const ABSOLUTE_LIFETIME_SECONDS = 3;

// One stack for both describes (the session service alone reads these settings; the second restarts it with its
// own). Sessions would last 60 days without the cap, so that the cap shows in their expiry.
let stack: TestStack;

beforeAll(async () => {
  stack = await TestStack.start({ SESSION_EXPIRES_IN: String(60 * 24 * 60 * 60) });
});

afterAll(() => stack?.stop());

describe('absolute session lifetime by default', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  /** How long a fresh session lasts, from sign-up to its expiry, in days. */
  const daysOfNewSession = async () => {
    const signUp = await postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Ada', email: uniqueEmail('default-cap'), password: 'correct-horse-1' },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(signUp.status).toBe(200);
    const answer = await request<SessionAnswer | null>(stack.url('/api/auth/get-session'), {
      headers: { cookie: cookieHeaderFrom(signUp.setCookies) },
    });
    const { createdAt, expiresAt } = answer.body!.session;
    return (new Date(expiresAt).getTime() - new Date(createdAt).getTime()) / DAY_MS;
  };

  it('caps a session at 30 days unless SESSION_ABSOLUTE_LIFETIME says otherwise; 0 lifts the cap', async () => {
    expect(await daysOfNewSession()).toBe(30);
    await stack.restart('session', { SESSION_ABSOLUTE_LIFETIME: String(45 * 24 * 60 * 60) });
    expect(await daysOfNewSession()).toBe(45);
    await stack.restart('session', { SESSION_ABSOLUTE_LIFETIME: '0' });
    expect(await daysOfNewSession()).toBe(60);
  });
});

describe('absolute session lifetime', () => {
  beforeAll(() =>
    // Extended on every use, yet never past the absolute lifetime (60 days would have gone on far longer).
    stack.restart('session', { SESSION_ABSOLUTE_LIFETIME: String(ABSOLUTE_LIFETIME_SECONDS), SESSION_UPDATE_AGE: '0' }),
  );

  const getSession = (cookie: string, query = '') =>
    request<SessionAnswer | null>(stack.url(`/api/auth/get-session${query}`), { headers: { cookie } });

  it('ends a session that is used all along at its absolute lifetime, on every get-session path', async () => {
    const signUp = await postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Ada', email: uniqueEmail('lifetime'), password: 'correct-horse-1' },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(signUp.status).toBe(200);
    const cookie = cookieHeaderFrom(signUp.setCookies);
    const first = await getSession(cookie);
    const { createdAt, expiresAt } = first.body!.session;
    const end = new Date(createdAt).getTime() + ABSOLUTE_LIFETIME_SECONDS * 1000;
    expect(new Date(expiresAt).getTime()).toBe(end);
    for (const query of ['', '?disableCookieCache=true']) {
      const used = await getSession(cookie, query);
      expect(new Date(used.body!.session.expiresAt).getTime()).toBe(end);
    }
    await sleep(end - Date.now() + 200);
    // The read-model hook's path (a plain GET) and the controller's (with a query) both find it ended.
    expect((await getSession(cookie)).body).toBeNull();
    expect((await getSession(cookie, '?disableCookieCache=true')).body).toBeNull();
  });
});
