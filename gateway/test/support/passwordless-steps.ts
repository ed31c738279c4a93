import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { Redis } from 'ioredis';
import { eventually } from './eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './http.js';
import type { SmtpSink } from './smtp-sink.js';
import { TEST_REDIS_URL } from './test-redis.js';
import { TestStack } from './test-stack.js';

export const PASSWORD = 'correct-horse-1';
export const ADDRESS_BUDGET = 5;
export const SENDS_PER_ADDRESS = 8;

export interface SignedIn {
  token: string;
  user: { id: string; email: string; name: string; emailVerified: boolean };
}

/** The passwordless suites' stack, the SMTP sink it mails to, and a client of its Redis. */
export interface PasswordlessWorld {
  stack: TestStack;
  smtp: SmtpSink;
  redis: Redis;
  stop(): Promise<void>;
}

export async function startPasswordlessWorld(): Promise<PasswordlessWorld> {
  const { stack, smtp } = await TestStack.startWithSmtp({
    EMAIL_OTP_ADDRESS_BUDGET: String(ADDRESS_BUDGET),
    PASSWORDLESS_ADDRESS_SENDS: String(SENDS_PER_ADDRESS),
  });
  const redis = new Redis(TEST_REDIS_URL);
  const stop = async () => {
    redis.disconnect();
    await stack.stop();
  };
  return { stack, smtp, redis, stop };
}

/** The requests and mails of the passwordless suites, on the world `world()` returns when they run. */
export function passwordlessSteps(world: () => PasswordlessWorld) {
  const api = (path: string) => world().stack.url(`/api/auth${path}`);
  const post = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson<T>(api(path), body, { 'x-forwarded-for': randomClientIp(), ...headers });
  /** A client library's GET (no Fetch Metadata, no HTML wanted): it spends the link at once. */
  const follow = (link: URL | string, headers: Record<string, string> = {}) =>
    request<SignedIn & { session: { token: string } }>(link.toString(), {
      headers: { 'x-forwarded-for': randomClientIp(), accept: '*/*', ...headers },
    });
  /** A GET with exactly these headers (fetch adds Sec-Fetch-Mode: cors to every request). */
  const rawGet = (link: URL, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const sent = httpGet(link, { headers: { 'x-forwarded-for': randomClientIp(), ...headers } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      sent.on('error', reject);
    });
  const sessionOf = (cookie: string) =>
    request<SignedIn | null>(api('/get-session'), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });

  const mailCount = (email: string) => world().smtp.mailsTo(email).length;
  /** The first match of `pattern` in the mails to `email` after the first `before` (a verification mail may come between). */
  const mailed = (email: string, before: number, pattern: RegExp) =>
    eventually(
      async () =>
        world()
          .smtp.mailsTo(email)
          .slice(before)
          .map((mail) => mail.content.match(pattern))
          .find((match) => match !== null) ?? undefined,
      { what: `a mail to ${email} with ${pattern}` },
    );
  const LINK = /https?:\/\/[^\s"<>]+magic-link\/verify[^\s"<>]+/;
  const CODE = /one-time code: (\d{6})/;
  async function magicLink(email: string, body: Record<string, unknown> = {}): Promise<URL> {
    const before = mailCount(email);
    const sent = await post('/sign-in/magic-link', { email, ...body });
    expect(sent).toMatchObject({ status: 200, body: { status: true } });
    return new URL((await mailed(email, before, LINK))[0].replaceAll('&amp;', '&'));
  }
  async function otp(email: string, type: string): Promise<string> {
    const before = mailCount(email);
    expect(await post('/email-otp/send-verification-otp', { email, type })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    return (await mailed(email, before, CODE))[1];
  }
  async function signUp(email = uniqueEmail('pwl')) {
    const answer = await post<SignedIn>('/sign-up/email', { name: 'Owner', email, password: PASSWORD });
    expect(answer.status).toBe(200);
    return { email, userId: answer.body.user.id, cookie: cookieHeaderFrom(answer.setCookies) };
  }

  return { api, post, follow, rawGet, sessionOf, mailCount, mailed, LINK, CODE, magicLink, otp, signUp };
}
