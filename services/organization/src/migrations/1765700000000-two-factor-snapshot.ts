import { addTwoFactorSnapshotColumn, dropTwoFactorSnapshotColumn } from '@authsvc/identity-users';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The users' two-factor flag in the snapshots. */
export class TwoFactorSnapshot1765700000000 implements MigrationInterface {
  name = 'TwoFactorSnapshot1765700000000';

  async up(runner: QueryRunner): Promise<void> {
    await addTwoFactorSnapshotColumn(runner, 'organization', 'user_profiles');
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropTwoFactorSnapshotColumn(runner, 'organization', 'user_profiles');
  }
}
