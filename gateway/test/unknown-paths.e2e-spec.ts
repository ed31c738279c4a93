import { request } from './support/http.js';
import { TestStack } from './support/test-stack.js';

/** Needs the built web client (npm run build -w web), as `npm test` makes it. */
describe('unknown paths', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  it.each([
    '/',
    '/sign-in',
    '/reset-password?token=abc',
    '/accept-invitation/inv-123',
    '/account/sessions',
    '/organizations/new',
    '/admin/users/user-123',
  ])('serves the web client at its own page %s', async (path) => {
    const page = await request<string>(stack.url(path));
    expect({ path, status: page.status, type: page.headers.get('content-type') }).toEqual({
      path,
      status: 200,
      type: expect.stringMatching(/^text\/html/),
    });
    expect(page.body).toContain('<div id="root">');
  });

  it.each(['/api/auth/no-such-route', '/api/no-such-area', '/api'])(
    'answers the API 404 with {message, code} at %s',
    async (path) => {
      const answer = await request(stack.url(path));
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 404,
        body: { message: 'Not Found', code: 'NOT_FOUND' },
      });
    },
  );

  it.each([
    '/metrics',
    '/no-such-page',
    '/account/no-such-tab',
    '/admin/users/user-123/more',
    '/.env',
    '/wp-login.php',
  ])('answers 404 at %s, which is no page of the web client', async (path) => {
    const answer = await request(stack.url(path));
    expect({ path, status: answer.status, body: answer.body }).toEqual({
      path,
      status: 404,
      body: { message: 'Not Found', code: 'NOT_FOUND' },
    });
  });

  it("shows a browser the client's own page-not-found there, still as a 404, and API paths the API's", async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const page = await request<string>(stack.url('/no/such/page'), { headers: browser });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    for (const path of ['/api/auth/no-such-route', '/api', '/dev/no-such-page', '/health/no-such-probe']) {
      const api = await request(stack.url(path), { headers: browser });
      expect({ path, answer: api }).toMatchObject({ path, answer: { status: 404, body: { code: 'NOT_FOUND' } } });
    }
  });
});
