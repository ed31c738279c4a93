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

/** The admin plugin's user fields in a snapshot table made by `createUserSnapshotTable` before they existed. */
export async function addAdminUserSnapshotColumns(runner: QueryRunner, schema: string, table: string): Promise<void> {
  await runner.query(`
    ALTER TABLE "${schema}"."${table}"
      ADD COLUMN role text,
      ADD COLUMN banned boolean,
      ADD COLUMN ban_reason text,
      ADD COLUMN ban_expires timestamptz`);
}

export async function dropAdminUserSnapshotColumns(runner: QueryRunner, schema: string, table: string): Promise<void> {
  await runner.query(
    `ALTER TABLE "${schema}"."${table}" DROP COLUMN role, DROP COLUMN banned, DROP COLUMN ban_reason, DROP COLUMN ban_expires`,
  );
}

/** The two-factor flag in a snapshot table made by `createUserSnapshotTable` before it existed (null: off). */
export async function addTwoFactorSnapshotColumn(runner: QueryRunner, schema: string, table: string): Promise<void> {
  await runner.query(`ALTER TABLE "${schema}"."${table}" ADD COLUMN two_factor_enabled boolean`);
}

export async function dropTwoFactorSnapshotColumn(runner: QueryRunner, schema: string, table: string): Promise<void> {
  await runner.query(`ALTER TABLE "${schema}"."${table}" DROP COLUMN two_factor_enabled`);
}
