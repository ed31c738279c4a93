import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An invitation's team is one of the teams read model's; removing the team clears it (S9), so that accepting
 * the invitation later makes a member of the organization only. NOT VALID: rows written before the teams read
 * model existed are left as they are, the constraint holds for every row written from now on.
 */
export class InvitationTeams1764740000000 implements MigrationInterface {
  name = 'InvitationTeams1764740000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE organization.invitations ADD CONSTRAINT invitations_team_fk
        FOREIGN KEY (team_id) REFERENCES organization.teams (id) ON DELETE SET NULL NOT VALID`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE organization.invitations DROP CONSTRAINT invitations_team_fk');
  }
}
