import { DataSource, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDataSourceOptions {
  readonly databaseUrl: URL;
  /** The service's own schema: no other service reads it. */
  readonly schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: MixedList<Function | string>;
  /** The most connections this process holds (DATABASE_POOL_SIZE); tests' data sources take the default. */
  readonly poolSize?: number;
}

/** A TypeORM data source bound to one service schema; never `synchronize`, only migrations. */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.databaseUrl.toString(),
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: options.poolSize ?? 10, application_name: options.schema },
  });
}

/**
 * Applies pending migrations under a Postgres advisory lock, so that replicas starting together run
 * them once: the others wait for the lock, then find nothing pending.
 */
export async function migrateExclusively(dataSource: DataSource, schema: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}
