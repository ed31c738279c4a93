import { Redis } from 'ioredis';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';
import { TEST_REDIS_URL } from './support/test-redis';

interface SessionView {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  updatedAt: string;
  activeOrganizationId: string | null;
  activeTeamId: string | null;
}

describe('sessions: refresh, listing, revocation, Redis loss', () => {
  let stack: TestStack;

  beforeAll(async () => {
    // Update age 0: every use extends the session, so that refresh is observable without waiting a day.
    stack = await TestStack.start({ SESSION_UPDATE_AGE: '0' });
  });

  afterAll(() => stack?.stop());

  const headersFor = (cookie: string) => ({ cookie, origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() });

  async function signedInTwice(): Promise<{ first: string; second: string; firstToken: string; secondToken: string }> {
    const email = uniqueEmail('sessions');
    const password = 'correct-horse-1';
    const up = await postJson<{ token: string }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'S', email, password },
      {
        'x-forwarded-for': randomClientIp(),
      },
    );
    const inAgain = await postJson<{ token: string }>(
      stack.url('/api/auth/sign-in/email'),
      { email, password },
      {
        'x-forwarded-for': randomClientIp(),
      },
    );
    return {
      first: cookieHeaderFrom(up.setCookies),
      second: cookieHeaderFrom(inAgain.setCookies),
      firstToken: up.body.token,
      secondToken: inAgain.body.token,
    };
  }

  const getSession = (cookie: string, query = '') =>
    request<{ session: SessionView } | null>(stack.url(`/api/auth/get-session${query}`), { headers: { cookie } });

  it('extends a session past its update age and re-issues the cookie', async () => {
    const { first } = await signedInTwice();
    const before = (await getSession(first, '?disableRefresh=true')).body!.session;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await getSession(first);
    expect(new Date(refreshed.body!.session.expiresAt).getTime()).toBeGreaterThan(new Date(before.expiresAt).getTime());
    expect(refreshed.setCookies).toEqual([expect.stringMatching(/^better-auth\.session_token=.+; Max-Age=604800; /)]);
  });

  it('does not extend with disableRefresh=true nor with remember-me off', async () => {
    const { first } = await signedInTwice();
    expect((await getSession(first, '?disableRefresh=true')).setCookies).toEqual([]);
    const email = uniqueEmail('brief');
    const up = await postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'B', email, password: 'correct-horse-1', rememberMe: false },
      {
        'x-forwarded-for': randomClientIp(),
      },
    );
    const cookie = cookieHeaderFrom(up.setCookies);
    const before = (await getSession(cookie)).body!.session;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await getSession(cookie);
    expect(after.body!.session.expiresAt).toBe(before.expiresAt);
    expect(after.setCookies).toEqual([]);
  });

  it("lists the user's live sessions", async () => {
    const { first, firstToken, secondToken } = await signedInTwice();
    const listed = await request<SessionView[]>(stack.url('/api/auth/list-sessions'), { headers: { cookie: first } });
    expect(listed.status).toBe(200);
    expect(listed.body.map((session) => session.token).sort()).toEqual([firstToken, secondToken].sort());
    for (const session of listed.body)
      expect(session).toMatchObject({ activeOrganizationId: null, activeTeamId: null });
  });

  it('answers 401 {message, code} without a session, and 400 before 401 for a bad body', async () => {
    expect(await request(stack.url('/api/auth/list-sessions'))).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized', code: 'UNAUTHORIZED' },
    });
    expect(await postJson(stack.url('/api/auth/revoke-session'), { token: 5 })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR' },
    });
  });

  it('revokes another session of mine, and silently ignores a token that is not mine', async () => {
    const mine = await signedInTwice();
    const theirs = await signedInTwice();
    const foreign = await postJson(
      stack.url('/api/auth/revoke-session'),
      { token: theirs.firstToken },
      headersFor(mine.first),
    );
    expect(foreign).toMatchObject({ status: 200, body: { status: true } });
    expect((await getSession(theirs.first)).body).not.toBeNull();

    const other = await postJson(
      stack.url('/api/auth/revoke-session'),
      { token: mine.secondToken },
      headersFor(mine.first),
    );
    expect(other).toMatchObject({ status: 200, body: { status: true } });
    expect(other.setCookies.some((cookie) => cookie.startsWith('better-auth.session_token=;'))).toBe(false);
    expect((await getSession(mine.second)).body).toBeNull();
    expect((await getSession(mine.first)).body).not.toBeNull();
  });

  it('revoking my own session clears my cookies', async () => {
    const { first, firstToken } = await signedInTwice();
    const own = await postJson(stack.url('/api/auth/revoke-session'), { token: firstToken }, headersFor(first));
    expect(own.body).toEqual({ status: true });
    expect(own.setCookies.some((cookie) => cookie.startsWith('better-auth.session_token=; Max-Age=0'))).toBe(true);
    expect((await getSession(first)).body).toBeNull();
  });

  it('revoke-other-sessions keeps this one; revoke-sessions ends all and clears cookies', async () => {
    const a = await signedInTwice();
    expect((await postJson(stack.url('/api/auth/revoke-other-sessions'), {}, headersFor(a.first))).body).toEqual({
      status: true,
    });
    expect((await getSession(a.first)).body).not.toBeNull();
    expect((await getSession(a.second)).body).toBeNull();

    const b = await signedInTwice();
    const all = await postJson(stack.url('/api/auth/revoke-sessions'), {}, headersFor(b.first));
    expect(all.body).toEqual({ status: true });
    expect(all.setCookies.some((cookie) => cookie.startsWith('better-auth.session_token=; Max-Age=0'))).toBe(true);
    expect((await getSession(b.first)).body).toBeNull();
    expect((await getSession(b.second)).body).toBeNull();
  });

  it('keeps everyone signed in when Redis loses its data, and refills it', async () => {
    const { first, firstToken } = await signedInTwice();
    const redis = new Redis(TEST_REDIS_URL);
    try {
      await redis.flushdb();
      const session = await getSession(first, '?disableRefresh=true');
      expect(session.body?.session.token).toBe(firstToken);
      expect(await redis.exists(`session:token:${firstToken}`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});
