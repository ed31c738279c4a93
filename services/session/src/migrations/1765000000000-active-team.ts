import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A session's active team (organizations with teams); sessions started before have none. */
export class ActiveTeam1765000000000 implements MigrationInterface {
  name = 'ActiveTeam1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE session.sessions ADD COLUMN active_team_id varchar(64)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE session.sessions DROP COLUMN active_team_id');
  }
}
