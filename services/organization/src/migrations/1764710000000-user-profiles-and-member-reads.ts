import { createUserSnapshotTable } from '@authsvc/identity-users';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization service's copy of identity's users, and the indexes member reads use: an organization's
 * members by age (list-members' default order) and by role (its owners, a filter or sort by role), and users by
 * email (remove-member by email, compared case-insensitively).
 */
export class UserProfilesAndMemberReads1764710000000 implements MigrationInterface {
  name = 'UserProfilesAndMemberReads1764710000000';

  async up(runner: QueryRunner): Promise<void> {
    await createUserSnapshotTable(runner, 'organization', 'user_profiles');
    await runner.query('CREATE INDEX user_profiles_email_idx ON organization.user_profiles (lower(email))');
    await runner.query(
      'CREATE INDEX members_organization_created_idx ON organization.members (organization_id, created_at, id)',
    );
    await runner.query(
      'CREATE INDEX members_organization_role_idx ON organization.members (organization_id, role, id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX organization.members_organization_role_idx');
    await runner.query('DROP INDEX organization.members_organization_created_idx');
    await runner.query('DROP TABLE organization.user_profiles');
  }
}
