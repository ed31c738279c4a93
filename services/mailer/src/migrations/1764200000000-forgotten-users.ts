import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ForgottenUsers1764200000000 implements MigrationInterface {
  name = 'ForgottenUsers1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE mailer.forgotten_users (
        user_id varchar(64) PRIMARY KEY,
        forgotten_at timestamptz NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE mailer.forgotten_users');
  }
}
