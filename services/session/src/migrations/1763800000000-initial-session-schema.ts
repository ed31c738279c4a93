import { createEventStoreTables, dropEventStoreTables } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSessionSchema1763800000000 implements MigrationInterface {
  name = 'InitialSessionSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await createEventStoreTables(runner, 'session');
    await runner.query(`
      CREATE TABLE session.sessions (
        id varchar(64) PRIMARY KEY,
        token varchar(64) NOT NULL CONSTRAINT sessions_token_unique UNIQUE,
        user_id varchar(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        ip_address text NOT NULL,
        user_agent text NOT NULL,
        remember_me boolean NOT NULL,
        active_organization_id varchar(64),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await runner.query('CREATE INDEX sessions_user_id_idx ON session.sessions (user_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE session.sessions');
    await dropEventStoreTables(runner, 'session');
  }
}
