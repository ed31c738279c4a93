import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For lists that page: each organization's number of members, kept by the database as member rows come and go,
 * so that a member list answers its total with one row read instead of counting an organization's members on
 * every page (rebuilding the read models by replay keeps it right: the trigger counts the rows the replay
 * writes); and a user's memberships in the order they joined, so that a page of their organizations is cut from
 * the index before its organizations are read.
 */
export class MemberListReads1764745000000 implements MigrationInterface {
  name = 'MemberListReads1764745000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE organization.organizations ADD COLUMN member_count integer NOT NULL DEFAULT 0');
    await runner.query(`
      UPDATE organization.organizations o
      SET member_count = (SELECT count(*) FROM organization.members m WHERE m.organization_id = o.id)`);
    await runner.query(`
      CREATE FUNCTION organization.count_members() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE organization.organizations SET member_count = member_count + 1 WHERE id = NEW.organization_id;
        ELSE
          UPDATE organization.organizations SET member_count = member_count - 1 WHERE id = OLD.organization_id;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER members_count AFTER INSERT OR DELETE ON organization.members
      FOR EACH ROW EXECUTE FUNCTION organization.count_members()`);
    await runner.query(
      'CREATE INDEX members_user_joined_idx ON organization.members (user_id, created_at, organization_id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX organization.members_user_joined_idx');
    await runner.query('DROP TRIGGER members_count ON organization.members');
    await runner.query('DROP FUNCTION organization.count_members()');
    await runner.query('ALTER TABLE organization.organizations DROP COLUMN member_count');
  }
}
