import { getCookieCache } from 'better-auth/cookies';
import { serializeSignedCookie } from 'better-call';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const SECRET = 'cookie-cache-test-secret-0123456789abcdef';

describe('cookie cache (session_data)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ AUTH_SECRET: SECRET, COOKIE_CACHE_ENABLED: 'true', COOKIE_CACHE_MAX_AGE: '60' });
  });

  afterAll(() => stack?.stop());

  async function signUp() {
    const answer = await postJson<{ token: string }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Cache', email: uniqueEmail('cache'), password: 'correct-horse-1' },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    return answer;
  }

  const getSession = (cookie: string, query = '') =>
    request<{ session: { token: string } } | null>(stack.url(`/api/auth/get-session${query}`), {
      headers: { cookie },
    });

  it('sets a session_data cookie for the cache lifetime next to the session cookie', async () => {
    const answer = await signUp();
    const sessionData = answer.setCookies.find((cookie) => cookie.startsWith('better-auth.session_data='));
    expect(sessionData).toMatch(
      /^better-auth\.session_data=[A-Za-z0-9_-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('answers from the cookie until it expires, and from the services with disableCookieCache=true', async () => {
    const answer = await signUp();
    const cookie = cookieHeaderFrom(answer.setCookies);
    expect((await getSession(cookie)).body).toMatchObject({
      session: { token: answer.body.token, activeOrganizationId: null, activeTeamId: null },
    });
    // End the session behind the cache's back: a copy of the cookies without session_data signs out.
    const withoutCache = cookie
      .split('; ')
      .filter((pair) => !pair.startsWith('better-auth.session_data='))
      .join('; ');
    await postJson(stack.url('/api/auth/sign-out'), {}, { cookie: withoutCache, origin: stack.baseUrl });
    expect((await getSession(cookie)).body).toMatchObject({ session: { token: answer.body.token } });
    expect((await getSession(cookie, '?disableCookieCache=true')).body).toBeNull();
  });

  it("sets cookies that better-auth's own helpers verify with the same secret, and no other", async () => {
    const answer = await signUp();
    const cookie = cookieHeaderFrom(answer.setCookies);
    const sessionToken = answer.setCookies.find((setCookie) => setCookie.startsWith('better-auth.session_token='));
    const signedByBetterCall = await serializeSignedCookie('better-auth.session_token', answer.body.token, SECRET);
    expect(sessionToken?.split(';')[0]).toBe(signedByBetterCall.split(';')[0]);
    const cached = await getCookieCache(new Headers({ cookie }), { secret: SECRET, isSecure: false });
    expect(cached).toMatchObject({ session: { token: answer.body.token } });
    const otherSecret = `${SECRET}-other`;
    expect(await getCookieCache(new Headers({ cookie }), { secret: otherSecret, isSecure: false })).toBeNull();
  });

  it('answers null and clears a session_data cookie that is not ours, even with a valid session', async () => {
    const answer = await signUp();
    const forged = Buffer.from(
      JSON.stringify({ session: {}, expiresAt: Date.now() + 60_000, signature: 'x' }),
    ).toString('base64url');
    const cookie = cookieHeaderFrom(answer.setCookies).replace(
      /better-auth\.session_data=[^;]+/,
      `better-auth.session_data=${forged}`,
    );
    const result = await getSession(cookie);
    expect(result.body).toBeNull();
    expect(result.setCookies).toContain('better-auth.session_data=; Max-Age=0');
  });
});
