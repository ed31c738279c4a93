import { addAdminUserSnapshotColumns, dropAdminUserSnapshotColumns } from '@authsvc/identity-users';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin plugin's fields: the users' role and ban in the snapshots, the impersonating admin of a session. */
export class AdminFields1765100000000 implements MigrationInterface {
  name = 'AdminFields1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await addAdminUserSnapshotColumns(runner, 'session', 'user_snapshots');
    await runner.query('ALTER TABLE session.sessions ADD COLUMN impersonated_by varchar(64)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE session.sessions DROP COLUMN impersonated_by');
    await dropAdminUserSnapshotColumns(runner, 'session', 'user_snapshots');
  }
}
