import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read models of organizations and their members, kept inline with the organization streams. The database
 * enforces what races could break: one organization per slug, one membership per organization and user.
 */
export class OrganizationsAndMembers1764700000000 implements MigrationInterface {
  name = 'OrganizationsAndMembers1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE organization.organizations (
        id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        slug text NOT NULL CONSTRAINT organizations_slug_unique UNIQUE,
        logo text,
        metadata text,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE organization.members (
        id varchar(64) PRIMARY KEY,
        organization_id varchar(64) NOT NULL REFERENCES organization.organizations (id) ON DELETE CASCADE,
        user_id varchar(64) NOT NULL,
        role text NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT members_organization_user_unique UNIQUE (organization_id, user_id)
      )`);
    await runner.query('CREATE INDEX members_user_idx ON organization.members (user_id, organization_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE organization.members');
    await runner.query('DROP TABLE organization.organizations');
  }
}
