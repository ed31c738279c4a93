import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PasswordResetTokens1764000000000 implements MigrationInterface {
  name = 'PasswordResetTokens1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE identity.password_reset_tokens (
        token_hash text PRIMARY KEY,
        user_id varchar(64) NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX password_reset_tokens_expires_at_idx ON identity.password_reset_tokens (expires_at)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE identity.password_reset_tokens');
  }
}
