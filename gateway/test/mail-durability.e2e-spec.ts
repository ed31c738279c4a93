import { eventually, sleep } from './support/eventually.js';
import { postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  status: 'pending' | 'sent';
  attempts: number;
}

const VERIFY_LINK = /(http:\/\/localhost:\d+\/api\/auth\/verify-email\?token=[\w.-]+&callbackURL=[^\s"<]+)/;

describe('verification mail: delivered once, through crashes and SMTP outages', () => {
  let stack: TestStack;
  let smtp: SmtpSink;

  beforeAll(async () => {
    ({ stack, smtp } = await TestStack.startWithSmtp({ DEV_MAILBOX_ENABLED: 'true' }));
  });

  afterAll(() => stack?.stop());

  const signUp = (email: string, extra: Record<string, unknown> = {}) =>
    postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Grace', email, password: 'correct-horse-1', ...extra },
      { 'x-forwarded-for': randomClientIp() },
    );

  const mailbox = async () => (await request<MailboxEntry[]>(stack.url('/dev/mailbox.json'))).body;

  it('mails the full verification link over SMTP and shows it in the dev mailbox', async () => {
    const email = uniqueEmail('verify');
    expect((await signUp(email, { callbackURL: '/welcome' })).status).toBe(200);
    const [mail] = await eventually(async () => (smtp.mailsTo(email).length > 0 ? smtp.mailsTo(email) : undefined), {
      what: 'the verification mail',
    });
    const link = new URL(VERIFY_LINK.exec(mail.content)?.[1] ?? '');
    expect(link.origin).toBe(stack.baseUrl);
    expect(link.searchParams.get('callbackURL')).toBe('/welcome');
    const [header, payload] = (link.searchParams.get('token') ?? '').split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ email });

    // The SMTP server has the mail a moment before the mailer records it as sent.
    const entries = await eventually(
      async () => {
        const mine = (await mailbox()).filter((entry) => entry.to === email);
        return mine.some((entry) => entry.status === 'sent') ? mine : undefined;
      },
      { what: 'the mail recorded as sent' },
    );
    expect(entries).toEqual([expect.objectContaining({ subject: 'Verify your email address', status: 'sent' })]);
    expect(entries[0].text).toContain(link.toString());
    const page = await request<string>(stack.url('/dev/mailbox'));
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain(email);
  });

  it('keeps a mail accepted while SMTP is down and delivers it once SMTP is back', async () => {
    await smtp.stop();
    const email = uniqueEmail('outage');
    expect((await signUp(email)).status).toBe(200);
    const pending = await eventually(
      async () =>
        (await mailbox()).find((entry) => entry.to === email && entry.attempts >= 1 && entry.status === 'pending'),
      { what: 'a failed delivery attempt' },
    );
    expect(pending.status).toBe('pending');
    await smtp.start();
    await eventually(async () => (smtp.mailsTo(email).length > 0 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'delivery after SMTP came back',
    });
    await sleep(2000);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('loses no event when identity and mailer are killed with -9: the mail arrives exactly once', async () => {
    const email = uniqueEmail('crash');
    await stack.kill('mailer');
    expect((await signUp(email)).status).toBe(200);
    await stack.kill('identity');
    await sleep(500);
    await stack.restart('identity');
    await stack.restart('mailer');
    await eventually(async () => (smtp.mailsTo(email).length > 0 ? true : undefined), {
      timeoutMs: 30_000,
      what: 'the mail after the restarts',
    });
    await sleep(3000);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect((await mailbox()).filter((entry) => entry.to === email)).toHaveLength(1);
  });

  it('answers 503 without internals while a service is down, and recovers after its restart', async () => {
    await stack.kill('identity');
    const started = Date.now();
    const answer = await signUp(uniqueEmail('down'));
    expect(answer).toMatchObject({
      status: 503,
      body: { message: 'Service temporarily unavailable', code: 'SERVICE_TEMPORARILY_UNAVAILABLE' },
    });
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(Date.now() - started).toBeLessThan(10_000);
    await stack.restart('identity');
    expect((await signUp(uniqueEmail('back'))).status).toBe(200);
  });
});
