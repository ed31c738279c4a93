import pg from 'pg';
import { postJson, randomClientIp, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const POOL_SIZE = 2;
const SIGN_UPS = 24;

/**
 * DATABASE_POOL_SIZE bounds each service process's PostgreSQL connections (what an operator sizes
 * max_connections or PgBouncer by), also while concurrent sign-ups queue for them; they all still succeed.
 */
describe('DATABASE_POOL_SIZE', () => {
  let stack: TestStack;
  let observer: pg.Client;

  beforeAll(async () => {
    stack = await TestStack.start({ DATABASE_POOL_SIZE: String(POOL_SIZE) });
    observer = new pg.Client({ connectionString: stack.databaseUrl, application_name: 'pool-observer' });
    await observer.connect();
  });

  afterAll(async () => {
    await observer?.end();
    await stack?.stop();
  });

  /** The connections each service holds to the stack's database now (application_name is the service's). */
  async function connectionsByService(): Promise<Record<string, number>> {
    const { rows } = await observer.query<{ name: string; count: number }>(
      `SELECT application_name AS name, count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND application_name IN ('identity', 'session', 'organization', 'mailer')
        GROUP BY application_name`,
    );
    return Object.fromEntries(rows.map(({ name, count }) => [name, count]));
  }

  it('holds at most that many connections per service under concurrent sign-ups, which all succeed', async () => {
    const most: Record<string, number> = {};
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const [name, count] of Object.entries(await connectionsByService()))
          most[name] = Math.max(most[name] ?? 0, count);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const statuses = await Promise.all(
      Array.from({ length: SIGN_UPS }, () =>
        postJson(
          stack.url('/api/auth/sign-up/email'),
          { name: 'Pooled', email: uniqueEmail('pool'), password: 'correct-horse-1' },
          { 'x-forwarded-for': randomClientIp(), origin: stack.baseUrl },
        ).then((answer) => answer.status),
      ),
    );
    sampling = false;
    await sampler;
    expect(statuses).toEqual(Array.from({ length: SIGN_UPS }, () => 200));
    // identity and session write on every sign-up: both were under load.
    expect(most).toEqual(expect.objectContaining({ identity: expect.any(Number), session: expect.any(Number) }));
    for (const [name, count] of Object.entries(most))
      expect({ name, count }).toEqual({ name, count: Math.min(count, POOL_SIZE) });
  });
});
