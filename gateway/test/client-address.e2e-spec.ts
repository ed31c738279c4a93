import { cookieHeaderFrom, postJson, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface ListedSession {
  ipAddress: string;
}

/** Without TRUSTED_PROXIES the client is the socket's peer: headers cannot pick another address. */
describe('client address without trusted proxies', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start({ TRUSTED_PROXIES: '' });
  });

  afterAll(() => stack?.stop());

  it('keeps one rate-limit counter for a client that rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await postJson(
        stack.url('/api/auth/sign-in/email'),
        { email: uniqueEmail('rotating'), password: 'wrong-password-1' },
        { 'x-forwarded-for': `203.0.113.${attempt}` },
      );
      statuses.push(answer.status);
    }
    // Three sign-ins per 10 s per client: the fourth is refused although each named another address.
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('records the socket peer as a session address, not the header', async () => {
    const email = uniqueEmail('peer');
    const up = await postJson<{ token: string }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Peer', email, password: 'correct-horse-1' },
      { 'x-forwarded-for': '203.0.113.77' },
    );
    expect(up.status).toBe(200);
    const listed = await request<ListedSession[]>(stack.url('/api/auth/list-sessions'), {
      headers: { cookie: cookieHeaderFrom(up.setCookies) },
    });
    expect(listed.body.map((session) => session.ipAddress)).toEqual([expect.stringMatching(/^(127\.0\.0\.1|::1)$/)]);
  });
});
