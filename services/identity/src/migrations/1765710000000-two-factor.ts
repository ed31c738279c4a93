import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The two-factor plugin's user flag (users registered before have it off). */
export class TwoFactor1765710000000 implements MigrationInterface {
  name = 'TwoFactor1765710000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE identity.users ADD COLUMN two_factor_enabled boolean NOT NULL DEFAULT false');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE identity.users DROP COLUMN two_factor_enabled');
  }
}
