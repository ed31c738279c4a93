import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a session's active organization was last chosen (at first: when it started), so that commands on a
 * session are decided on its row instead of a replay of its stream. Existing rows take it from their stream.
 */
export class ActiveSince1765200000000 implements MigrationInterface {
  name = 'ActiveSince1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE session.sessions ADD COLUMN active_since timestamptz');
    await runner.query(
      `UPDATE session.sessions s
          SET active_since = coalesce(
                (SELECT max((e.data->>'changedAt')::timestamptz) FROM session.events e
                  WHERE e.stream_id = 'session-' || s.id AND e.type = 'ActiveOrganizationChanged'),
                s.created_at)`,
    );
    await runner.query('ALTER TABLE session.sessions ALTER COLUMN active_since SET NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE session.sessions DROP COLUMN active_since');
  }
}
