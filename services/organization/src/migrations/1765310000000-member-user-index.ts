import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * members_user_idx (user_id, organization_id) duplicated what members_user_joined_idx (user_id, created_at,
 * organization_id) serves for a user's memberships, and made every new member one more index entry.
 */
export class MemberUserIndex1765310000000 implements MigrationInterface {
  name = 'MemberUserIndex1765310000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX organization.members_user_idx');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX members_user_idx ON organization.members (user_id, organization_id)');
  }
}
