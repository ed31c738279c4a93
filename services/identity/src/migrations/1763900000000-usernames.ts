import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Usernames1763900000000 implements MigrationInterface {
  name = 'Usernames1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE identity.users ADD COLUMN username text, ADD COLUMN display_username text');
    await runner.query('ALTER TABLE identity.users ADD CONSTRAINT users_username_unique UNIQUE (username)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE identity.users DROP COLUMN username, DROP COLUMN display_username');
  }
}
