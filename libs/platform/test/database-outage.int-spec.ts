import type { DataSource } from 'typeorm';
import { sleep } from '../../../gateway/test/support/eventually';
import { PrivatePostgres } from '../../../gateway/test/support/private-postgres';
import { isDatabaseUnavailable } from '../src/database/database-unavailable';
import { preparedQuery } from '../src/database/prepared-query';
import { createServiceDataSource } from '../src/database/service-data-source';

// What a handler sees when PostgreSQL stops under it (`pg_ctl stop -m fast`, as an operator's restart), taken from
// a real server: each of these must read as "unavailable" (503, try again), never as a fault of the handler (500).
let postgres: PrivatePostgres;
let dataSource: DataSource;

beforeAll(async () => {
  postgres = await PrivatePostgres.start();
  dataSource = createServiceDataSource({
    databaseUrl: new URL(postgres.databaseUrl('postgres')),
    schema: 'public',
    entities: [],
    migrations: [],
    poolSize: 4,
  });
  await dataSource.initialize();
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy().catch(() => undefined);
  await postgres?.stop();
});

afterEach(async () => {
  await postgres.startServer().catch(() => undefined);
});

/** The error `work` fails with when the server stops `afterMs` after it began. */
async function failureWhenStopped(afterMs: number, work: () => Promise<unknown>): Promise<unknown> {
  const running = work().then(
    () => new Error('the work succeeded though the server stopped'),
    (error: unknown) => error,
  );
  await sleep(afterMs);
  await postgres.stopServer();
  return running;
}

describe('a PostgreSQL that stops under the handlers', () => {
  it('a statement running when it stops', async () => {
    const error = await failureWhenStopped(200, () => dataSource.query('SELECT pg_sleep(5)'));
    expect(isDatabaseUnavailable(error)).toBe(true);
  }, 30_000);

  it("a transaction between two statements when it stops (TypeORM releases the dropped connection's runner)", async () => {
    const error = await failureWhenStopped(200, () =>
      dataSource.transaction(async (manager) => {
        await manager.query('SELECT 1');
        await sleep(1500);
        await manager.query('SELECT 2');
      }),
    );
    expect(error).toMatchObject({ name: 'QueryRunnerProviderAlreadyReleasedError' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  }, 30_000);

  it('a prepared statement in a transaction whose connection dropped between statements', async () => {
    const error = await failureWhenStopped(200, () =>
      dataSource.transaction(async (manager) => {
        await preparedQuery(manager, 'SELECT 1 AS one', []);
        await sleep(1500);
        await preparedQuery(manager, 'SELECT 2 AS two', []);
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  }, 30_000);

  it('a statement sent while it is down', async () => {
    await postgres.stopServer();
    const error = await dataSource.query('SELECT 1').then(
      () => new Error('answered while down'),
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
  }, 30_000);
});
