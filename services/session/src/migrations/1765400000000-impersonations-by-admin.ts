import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The sessions in which an admin impersonates someone, found at once when the admin loses the right. */
export class ImpersonationsByAdmin1765400000000 implements MigrationInterface {
  name = 'ImpersonationsByAdmin1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX sessions_impersonated_by ON session.sessions (impersonated_by) WHERE impersonated_by IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX session.sessions_impersonated_by');
  }
}
