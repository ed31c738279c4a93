import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The address a provider gave when its account was linked, for the user's own list of sign-in methods (the
 * linked-accounts screen). Personal data: it comes from the sealed part of `AccountLinked`, and the row goes with
 * its user (ON DELETE CASCADE).
 */
export class AccountEmail1765600000000 implements MigrationInterface {
  name = 'AccountEmail1765600000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.accounts ADD COLUMN email text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE identity.accounts DROP COLUMN email`);
  }
}
