import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read models of teams and their members, kept inline with the organization streams. The database enforces
 * one membership per team and user; an organization's deletion removes its teams, and a team's its members,
 * should an event ever miss one.
 */
export class Teams1764730000000 implements MigrationInterface {
  name = 'Teams1764730000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE organization.teams (
        id varchar(64) PRIMARY KEY,
        organization_id varchar(64) NOT NULL REFERENCES organization.organizations (id) ON DELETE CASCADE,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await runner.query('CREATE INDEX teams_organization_idx ON organization.teams (organization_id, created_at)');
    await runner.query(`
      CREATE TABLE organization.team_members (
        id varchar(64) PRIMARY KEY,
        team_id varchar(64) NOT NULL REFERENCES organization.teams (id) ON DELETE CASCADE,
        user_id varchar(64) NOT NULL,
        created_at timestamptz NOT NULL,
        CONSTRAINT team_members_team_user_unique UNIQUE (team_id, user_id)
      )`);
    await runner.query('CREATE INDEX team_members_user_idx ON organization.team_members (user_id, team_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE organization.team_members');
    await runner.query('DROP TABLE organization.teams');
  }
}
