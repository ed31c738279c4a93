import { createEventStoreTables, dropEventStoreTables } from '@authsvc/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialMailerSchema1763800000000 implements MigrationInterface {
  name = 'InitialMailerSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await createEventStoreTables(runner, 'mailer');
    await runner.query(`
      CREATE TABLE mailer.mails (
        id uuid PRIMARY KEY,
        source_event_id uuid NOT NULL CONSTRAINT mails_source_event_unique UNIQUE,
        user_id varchar(64),
        to_address text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        html text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'sent')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        sent_at timestamptz
      )`);
    await runner.query(`CREATE INDEX mails_pending_idx ON mailer.mails (next_attempt_at) WHERE status = 'pending'`);
    await runner.query('CREATE INDEX mails_user_id_idx ON mailer.mails (user_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE mailer.mails');
    await dropEventStoreTables(runner, 'mailer');
  }
}
