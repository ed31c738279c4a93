import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storing a user's mail and forgetting the user, each one round trip. Mail requests and the deletion arrive
 * through different consumers, and replicas share them, so the deletion may be handled first or at the same
 * time: both take the same per-user lock, so a mail is stored only if its user was not forgotten, and
 * forgetting sees every stored mail. Inside a (volatile) function every statement takes a fresh snapshot, so
 * the statements after the lock see what the other side committed before releasing it; one plain statement
 * would still read with the snapshot it started with, before waiting for the lock.
 */
export class MailFunctions1764300000000 implements MigrationInterface {
  name = 'MailFunctions1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE FUNCTION mailer.lock_user_mail(p_user_id varchar) RETURNS void LANGUAGE sql AS $$
        SELECT pg_advisory_xact_lock(hashtext('mailer-user:' || p_user_id))
      $$`);
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
    await runner.query(`
      CREATE FUNCTION mailer.forget_user(p_user_id varchar) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM mailer.lock_user_mail(p_user_id);
        INSERT INTO mailer.forgotten_users (user_id, forgotten_at) VALUES (p_user_id, now()) ON CONFLICT DO NOTHING;
        DELETE FROM mailer.mails WHERE user_id = p_user_id;
      END
      $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION mailer.forget_user(varchar)');
    await runner.query('DROP FUNCTION mailer.store_mail(uuid, uuid, varchar, text, text, text, text, timestamptz)');
    await runner.query('DROP FUNCTION mailer.lock_user_mail(varchar)');
  }
}
