import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const TRUSTED_APP = 'https://app.example.test';
const OTHER_SITE = 'https://evil.example.test';

describe('CORS for the apps of TRUSTED_ORIGINS', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ TRUSTED_ORIGINS: TRUSTED_APP });
  });

  afterAll(() => stack?.stop());

  /** The preflight a browser sends before better-auth's client posts JSON with a captcha token. */
  const preflight = (path: string, origin: string) =>
    request(stack.url(path), {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-captcha-response',
        'x-forwarded-for': randomClientIp(),
      },
    });

  const signUp = (origin: string) =>
    postJson<{ user: { id: string } }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Cors', email: uniqueEmail('cors'), password: 'correct-horse-1' },
      { origin, 'x-forwarded-for': randomClientIp() },
    );

  it('grants a trusted origin its preflight: credentials, the methods and headers the client sends', async () => {
    const answer = await preflight('/api/auth/sign-up/email', TRUSTED_APP);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(TRUSTED_APP);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST']),
    );
    expect(answer.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['content-type', 'x-captcha-response']),
    );
    expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/i);
  });

  it('grants nothing to the preflight of any other origin', async () => {
    for (const origin of [OTHER_SITE, 'null', `${TRUSTED_APP}.evil.example.test`]) {
      const answer = await preflight('/api/auth/sign-up/email', origin);
      expect({ origin, status: answer.status }).toEqual({ origin, status: 404 });
      expect({ origin, grants: corsHeadersOf(answer.headers) }).toEqual({ origin, grants: [] });
    }
  });

  it("lets a trusted origin's scripts read credentialed answers", async () => {
    const up = await signUp(TRUSTED_APP);
    expect(up.status).toBe(200);
    expect(up.headers.get('access-control-allow-origin')).toBe(TRUSTED_APP);
    expect(up.headers.get('access-control-allow-credentials')).toBe('true');
    expect(up.headers.get('vary')).toMatch(/\bOrigin\b/i);
    const session = await request<{ user: { id: string } }>(stack.url('/api/auth/get-session'), {
      headers: { origin: TRUSTED_APP, cookie: cookieHeaderFrom(up.setCookies) },
    });
    expect(session.body.user.id).toBe(up.body.user.id);
    expect(session.headers.get('access-control-allow-origin')).toBe(TRUSTED_APP);
    expect(session.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('gives any other origin no CORS header, and BASE_URL its own origin none either', async () => {
    const up = await signUp(stack.baseUrl);
    expect(up.status).toBe(200);
    expect(corsHeadersOf(up.headers)).toEqual([]);
    const session = await request(stack.url('/api/auth/get-session'), {
      headers: { origin: OTHER_SITE, cookie: cookieHeaderFrom(up.setCookies) },
    });
    expect(corsHeadersOf(session.headers)).toEqual([]);
    expect(session.headers.get('vary')).toMatch(/\bOrigin\b/i);
  });

  it('still refuses posts from untrusted origins (the CSRF check), without a CORS grant', async () => {
    const refused = await signUp(OTHER_SITE);
    expect(refused).toMatchObject({ status: 403, body: { code: 'INVALID_ORIGIN', message: 'Invalid origin' } });
    expect(corsHeadersOf(refused.headers)).toEqual([]);
    const up = await signUp(TRUSTED_APP);
    const signOut = await postJson(
      stack.url('/api/auth/sign-out'),
      {},
      { origin: OTHER_SITE, cookie: cookieHeaderFrom(up.setCookies) },
    );
    expect(signOut).toMatchObject({ status: 403, body: { code: 'INVALID_ORIGIN' } });
  });
});

/** The CORS headers of an answer (Vary aside): any of them is a grant to the requesting origin. */
function corsHeadersOf(headers: Headers): string[] {
  return [...headers.keys()].filter(
    (name) => name.startsWith('access-control-') && name !== 'access-control-expose-headers',
  );
}
