import pg from 'pg';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { GitHubStandIn } from './support/identity-providers/github-stand-in.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { TestStack } from './support/test-stack.js';

/**
 * The callback's errors that need a failing party: the provider's API, a competing write, the session service, and
 * a flow without a callback URL (where 1.7 would answer `no_callback_url`).
 */
describe('social callback errors through the gateway', () => {
  let stack: TestStack;
  let smtp: SmtpSink;
  let github: GitHubStandIn;
  let db: pg.Client;

  beforeAll(async () => {
    github = await GitHubStandIn.start();
    // The sign-up test holds the callback's write for longer than an attempt's timeout: the callback is sent once
    // (`sentOnce`), so no second attempt finds its flow taken and answers state_mismatch first.
    ({ stack, smtp } = await TestStack.startWithSmtp(github.env('GITHUB')));
    github.allowRedirectUri(stack.url('/api/auth/callback/github'));
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await github?.stop();
  });

  const headers = () => ({ origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() });

  /** A GitHub sign-in started with `body`, authorized at the stand-in by a new user with a verified `email`. */
  async function authorizedCallback(email: string, body: Record<string, unknown> = { errorCallbackURL: '/oops' }) {
    const id = Math.floor(Math.random() * 1e9);
    github.addUser({
      id,
      login: 'octocat',
      name: null,
      emails: [{ email, primary: true, verified: true, visibility: null }],
    });
    const started = await postJson<{ url: string }>(
      stack.url('/api/auth/sign-in/social'),
      { provider: 'github', ...body },
      headers(),
    );
    expect(started.status).toBe(200);
    const redirect = await github.authorize(started.body.url, id);
    const cookie = cookieHeaderFrom(started.setCookies);
    return () => request(String(redirect), { headers: { cookie, 'x-forwarded-for': randomClientIp() } });
  }

  const sessionCookies = (setCookies: readonly string[]) => setCookies.filter((c) => c.includes('session_token'));

  it("answers unable_to_get_user_info when GitHub's /user fails after a valid code exchange", async () => {
    const callback = await authorizedCallback(uniqueEmail('no-profile'));
    github.failUserApi(500);
    try {
      const answer = await callback();
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/oops?error=unable_to_get_user_info');
      expect(sessionCookies(answer.setCookies)).toEqual([]);
    } finally {
      github.failUserApi(undefined);
    }
  });

  it('answers unable_to_create_user when the address is taken between the check and the creation', async () => {
    // The competitor: a user whose change to the same address waits on the link mailed to it.
    const email = uniqueEmail('taken');
    const competitor = await postJson(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Early Bird', email: uniqueEmail('early'), password: 'correct-horse-1' },
      headers(),
    );
    expect(competitor.status).toBe(200);
    const change = await postJson(
      stack.url('/api/auth/change-email'),
      { newEmail: email },
      { ...headers(), cookie: cookieHeaderFrom(competitor.setCookies) },
    );
    expect(change.status).toBe(200);
    const [link] = await eventually(
      async () => (smtp.mailsTo(email).length > 0 ? smtp.linksTo(email, '/api/auth/verify-email') : undefined),
      { what: `the change-email link to ${email}` },
    );
    const callback = await authorizedCallback(email);

    // The sign-up's write waits on the accounts table (its reads pass), after it found the address free; the
    // competing change, which writes no account, commits meanwhile; then the write goes on and meets the address.
    await db.query('BEGIN');
    await db.query('LOCK TABLE identity.accounts IN EXCLUSIVE MODE');
    let answer: Awaited<ReturnType<typeof callback>> | undefined;
    try {
      const answering = callback();
      await eventually(
        async () => {
          const { rows } = await db.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_locks WHERE relation = 'identity.accounts'::regclass AND NOT granted`,
          );
          return rows[0].waiting > 0 || undefined;
        },
        { what: "the sign-up's write waiting" },
      );
      expect((await request(String(link))).status).toBe(302);
      await db.query('COMMIT');
      answer = await answering;
    } finally {
      await db.query('ROLLBACK').catch(() => undefined);
    }
    expect(answer?.headers.get('location')).toBe('/oops?error=unable_to_create_user');
    expect(sessionCookies(answer?.setCookies ?? [])).toEqual([]);
  });

  it('sends the browser to the error page with unable_to_create_session while the session service is down', async () => {
    const callback = await authorizedCallback(uniqueEmail('no-session'));
    await stack.kill('session');
    try {
      const answer = await callback();
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/oops?error=unable_to_create_session');
      expect(sessionCookies(answer.setCookies)).toEqual([]);
    } finally {
      await stack.restart('session');
    }
  });

  it("lands where 1.7 would answer no_callback_url: a flow without callbackURL goes to BASE_URL's origin", async () => {
    const callback = await authorizedCallback(uniqueEmail('default'), {});
    const answer = await callback();
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(new URL(stack.baseUrl).origin);
    expect(sessionCookies(answer.setCookies)).toHaveLength(1);
  });
});
