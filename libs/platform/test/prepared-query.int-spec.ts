import { randomBytes } from 'node:crypto';
import { QueryFailedError, type DataSource } from 'typeorm';
import { createServiceDataSource } from '../src/database/service-data-source';
import { preparedQuery } from '../src/database/prepared-query';

// preparedQuery against a real PostgreSQL, in a schema of its own that is dropped afterwards.
const schema = `prepared_query_test_${randomBytes(4).toString('hex')}`;
let dataSource: DataSource;

beforeAll(async () => {
  dataSource = createServiceDataSource({
    databaseUrl: new URL('postgres://postgres@127.0.0.1:5432/postgres'),
    schema,
    entities: [],
    migrations: [],
    poolSize: 2,
  });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA "${schema}"`);
  await dataSource.query(`CREATE TABLE "${schema}".items (id int PRIMARY KEY, name text NOT NULL)`);
});

afterAll(async () => {
  await dataSource.query(`DROP SCHEMA "${schema}" CASCADE`);
  await dataSource.destroy();
});

const insert = () => `INSERT INTO "${schema}".items (id, name) VALUES ($1, $2) RETURNING id, name`;
const select = () => `SELECT name FROM "${schema}".items WHERE id = $1`;

describe('preparedQuery', () => {
  it('prepares a text once per connection and runs it again by name, from the pool and on one connection', async () => {
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, id) =>
        preparedQuery<{ id: number; name: string }>(dataSource.manager, insert(), [id, `n${id}`]),
      ),
    );
    expect(rows.map(([row]) => row)).toEqual(Array.from({ length: 12 }, (_, id) => ({ id, name: `n${id}` })));

    const runner = dataSource.createQueryRunner();
    try {
      for (const id of [1, 2, 3]) {
        expect(await preparedQuery(runner.manager, select(), [id])).toEqual([{ name: `n${id}` }]);
      }
      const prepared: { name: string }[] = await runner.query(
        'SELECT name FROM pg_prepared_statements WHERE statement = $1',
        [select()],
      );
      expect(prepared).toHaveLength(1);
      expect(prepared[0].name).toMatch(/^s_[0-9a-f]{32}$/);
    } finally {
      await runner.release();
    }
  });

  it("uses the transaction's connection inside a transaction: its own uncommitted rows, and none after a rollback", async () => {
    const seenInside = await dataSource
      .transaction(async (manager) => {
        await preparedQuery(manager, insert(), [100, 'inside']);
        const [row] = await preparedQuery<{ name: string }>(manager, select(), [100]);
        throw Object.assign(new Error('roll back'), { seen: row?.name });
      })
      .catch((error: { seen?: string }) => error.seen);
    expect(seenInside).toBe('inside');
    expect(await preparedQuery(dataSource.manager, select(), [100])).toEqual([]);
  });

  it("fails as TypeORM's QueryFailedError, carrying Postgres' code and constraint", async () => {
    await preparedQuery(dataSource.manager, insert(), [200, 'first']);
    const error = await preparedQuery(dataSource.manager, insert(), [200, 'again']).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(QueryFailedError);
    expect((error as QueryFailedError).driverError).toMatchObject({ code: '23505', constraint: 'items_pkey' });
  });
});
