import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization stream position at which each membership last changed: the version its published read
 * model (libs/contracts member-read-model.ts) is written with. Rows from before it read 0, older than any change.
 */
export class MemberVersions1764750000000 implements MigrationInterface {
  name = 'MemberVersions1764750000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE organization.members ADD COLUMN version integer NOT NULL DEFAULT 0');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE organization.members DROP COLUMN version');
  }
}
