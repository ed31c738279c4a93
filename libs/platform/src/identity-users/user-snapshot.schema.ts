import type { QueryRunner } from 'typeorm';

/** The table of a service's user snapshots (see `UserSnapshotRow`), e.g. `session.user_snapshots`. */
export async function createUserSnapshotTable(runner: QueryRunner, schema: string, table: string): Promise<void> {
  await runner.query(`
    CREATE TABLE "${schema}"."${table}" (
      user_id varchar(64) PRIMARY KEY,
      deleted boolean NOT NULL,
      email text,
      name text,
      image text,
      email_verified boolean,
      username text,
      display_username text,
      created_at timestamptz,
      updated_at timestamptz,
      last_position bigint NOT NULL
    )`);
}
