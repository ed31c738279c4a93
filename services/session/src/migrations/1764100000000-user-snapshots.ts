import { createUserSnapshotTable } from '@authsvc/identity-users';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The session service's copy of identity's public user views, so get-session needs no call to identity. */
export class UserSnapshots1764100000000 implements MigrationInterface {
  name = 'UserSnapshots1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    await createUserSnapshotTable(runner, 'session', 'user_snapshots');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE session.user_snapshots');
  }
}
