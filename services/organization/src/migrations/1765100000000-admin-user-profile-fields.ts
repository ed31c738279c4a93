import { addAdminUserSnapshotColumns, dropAdminUserSnapshotColumns } from '@authsvc/identity-users';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The user snapshots hold the admin plugin's user fields too (the columns every snapshot table shares). */
export class AdminUserProfileFields1765100000000 implements MigrationInterface {
  name = 'AdminUserProfileFields1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await addAdminUserSnapshotColumns(runner, 'organization', 'user_profiles');
  }

  async down(runner: QueryRunner): Promise<void> {
    await dropAdminUserSnapshotColumns(runner, 'organization', 'user_profiles');
  }
}
