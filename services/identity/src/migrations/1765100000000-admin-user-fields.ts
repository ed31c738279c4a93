import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin plugin's user fields (users registered before hold the default role and no ban), and the indexes of
 * list-users.
 */
export class AdminUserFields1765100000000 implements MigrationInterface {
  name = 'AdminUserFields1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE identity.users
        ADD COLUMN role text NOT NULL DEFAULT 'user',
        ADD COLUMN banned boolean NOT NULL DEFAULT false,
        ADD COLUMN ban_reason text,
        ADD COLUMN ban_expires timestamptz`);
    // list-users sorts by creation by default and searches names by prefix; emails have their unique index.
    await runner.query('CREATE INDEX users_created_at_idx ON identity.users (created_at, id)');
    await runner.query('CREATE INDEX users_name_idx ON identity.users (name text_pattern_ops)');
    await runner.query('CREATE INDEX users_email_pattern_idx ON identity.users (email text_pattern_ops)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'DROP INDEX identity.users_created_at_idx, identity.users_name_idx, identity.users_email_pattern_idx',
    );
    await runner.query(
      'ALTER TABLE identity.users DROP COLUMN role, DROP COLUMN banned, DROP COLUMN ban_reason, DROP COLUMN ban_expires',
    );
  }
}
