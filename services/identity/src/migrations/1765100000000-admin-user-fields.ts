import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin plugin's user fields; users registered before hold the default role and no ban. */
export class AdminUserFields1765100000000 implements MigrationInterface {
  name = 'AdminUserFields1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.users
        ADD COLUMN role text NOT NULL DEFAULT 'user',
        ADD COLUMN banned boolean NOT NULL DEFAULT false,
        ADD COLUMN ban_reason text,
        ADD COLUMN ban_expires timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE identity.users DROP COLUMN role, DROP COLUMN banned, DROP COLUMN ban_reason, DROP COLUMN ban_expires',
    );
  }
}
