import { createHash } from 'node:crypto';
import { eventually } from './support/eventually.js';
import { postJson, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

function styleSheetHashOf(html: string): string {
  const sheet = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (sheet === undefined) throw new Error('the page has no style sheet');
  return `'sha256-${createHash('sha256').update(sheet).digest('base64')}'`;
}

describe('security headers and the security log', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  it('sends nosniff, no-referrer and a locked-down policy with API answers, errors included', async () => {
    for (const answer of [
      await request(stack.url('/api/auth/ok')),
      await postJson(stack.url('/api/auth/sign-in/email'), { email: 'not-an-email', password: 'x' }),
      await request(stack.url('/api/auth/no-such-route')),
    ]) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'; frame-ancestors 'none'/);
    }
  });

  it("lets the error page's own style sheet apply through its hash, and nothing else", async () => {
    const page = await request<string>(stack.url('/api/auth/error?error=INVALID_TOKEN'));
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`style-src ${styleSheetHashOf(page.body)}`);
    expect(policy).toContain("default-src 'none'");
  });

  it('serves the web client under a same-origin policy that forbids framing', async () => {
    const page = await request<string>(stack.url('/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  /** The gateway's security log lines (development format: `security {…}`), parsed. */
  const securityLog = () =>
    stack
      .logsOf('gateway')
      .split('\n')
      .flatMap((line) => /security (\{.*\})\s*$/.exec(line)?.[1] ?? [])
      .map((entry) => JSON.parse(entry) as Record<string, unknown>);

  it('logs sign-ups and sign-ins, failed ones included, with who, where and when, and no secret', async () => {
    const email = uniqueEmail('logged');
    const up = await postJson<{ user: { id: string } }>(stack.url('/api/auth/sign-up/email'), {
      name: 'Logged',
      email,
      password: 'correct-horse-1',
    });
    const wrong = await postJson(
      stack.url('/api/auth/sign-in/email'),
      { email, password: 'not-the-password-1' },
      { 'x-request-id': 'failed-sign-in-1' },
    );
    expect(wrong.status).toBe(401);
    const entries = await eventually(() => {
      const log = securityLog();
      return log.some((entry) => entry.requestId === 'failed-sign-in-1') ? log : undefined;
    });
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'sign-up',
        outcome: 'success',
        userId: up.body.user.id,
        ip: expect.any(String),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'sign-in.email',
        outcome: 'failure',
        status: 401,
        code: 'INVALID_EMAIL_OR_PASSWORD',
        requestId: 'failed-sign-in-1',
        at: expect.stringMatching(/Z$/),
      }),
    );
    const raw = stack.logsOf('gateway');
    expect(raw).not.toContain('not-the-password-1');
    expect(raw).not.toContain(email);
  });
});
