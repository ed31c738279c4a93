import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a mail keeps once its link is gone: its kind (the request's event type), until when its link worked
 * (past that a pending mail is given up as `expired`), and when its links were removed. `store_mail` records
 * the first two; rows stored before have neither and keep being retried as before.
 */
export class MailRedaction1764400000000 implements MigrationInterface {
  name = 'MailRedaction1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE mailer.mails
        ADD COLUMN kind text,
        ADD COLUMN link_expires_at timestamptz,
        ADD COLUMN redacted_at timestamptz,
        DROP CONSTRAINT mails_status_check,
        ADD CONSTRAINT mails_status_check CHECK (status IN ('pending', 'sent', 'expired'))`);
    await runner.query(
      `CREATE INDEX mails_unredacted_idx ON mailer.mails (created_at) WHERE status <> 'pending' AND redacted_at IS NULL`,
    );
    await runner.query('DROP FUNCTION mailer.store_mail(uuid, uuid, varchar, text, text, text, text, timestamptz)');
    await runner.query(`
      CREATE FUNCTION mailer.store_mail(
        p_id uuid, p_source_event_id uuid, p_user_id varchar, p_kind text, p_to text, p_subject text, p_text text,
        p_html text, p_link_expires_at timestamptz, p_now timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM mailer.lock_user_mail(p_user_id);
        INSERT INTO mailer.mails
          (id, source_event_id, user_id, kind, to_address, subject, text, html, status, attempts, link_expires_at,
           next_attempt_at, created_at)
        SELECT p_id, p_source_event_id, p_user_id, p_kind, p_to, p_subject, p_text, p_html, 'pending', 0,
               p_link_expires_at, p_now, p_now
         WHERE NOT EXISTS (SELECT 1 FROM mailer.forgotten_users WHERE user_id = p_user_id)
        ON CONFLICT (source_event_id) DO NOTHING;
      END
      $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'DROP FUNCTION mailer.store_mail(uuid, uuid, varchar, text, text, text, text, text, timestamptz, timestamptz)',
    );
    await runner.query(`
      CREATE FUNCTION mailer.store_mail(
        p_id uuid, p_source_event_id uuid, p_user_id varchar, p_to text, p_subject text, p_text text, p_html text,
        p_now timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM mailer.lock_user_mail(p_user_id);
        INSERT INTO mailer.mails
          (id, source_event_id, user_id, to_address, subject, text, html, status, attempts, next_attempt_at, created_at)
        SELECT p_id, p_source_event_id, p_user_id, p_to, p_subject, p_text, p_html, 'pending', 0, p_now, p_now
         WHERE NOT EXISTS (SELECT 1 FROM mailer.forgotten_users WHERE user_id = p_user_id)
        ON CONFLICT (source_event_id) DO NOTHING;
      END
      $$`);
    await runner.query('DROP INDEX mailer.mails_unredacted_idx');
    await runner.query(`
      ALTER TABLE mailer.mails
        DROP CONSTRAINT mails_status_check,
        ADD CONSTRAINT mails_status_check CHECK (status IN ('pending', 'sent')),
        DROP COLUMN redacted_at,
        DROP COLUMN link_expires_at,
        DROP COLUMN kind`);
  }
}
