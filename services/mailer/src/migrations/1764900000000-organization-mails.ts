import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invitation mails belong to their organization, whose deletion erases the invitation's personal data in the
 * organization service and removes its mails here, and to their inviter, whose name and address they carry (so
 * `forget_user` removes them too: `user_id` is the inviter's). As with users alone (see
 * MailFunctions1764300000000), storing and forgetting take the same locks, since the invitations and the deletions
 * arrive through different consumers and replicas: a mail is stored only if neither was forgotten, and forgetting
 * sees every stored mail. The user's lock is always taken first and no function holds an organization's lock while
 * waiting for a user's, so they never wait on each other in a cycle. `store_mail` stays as it was, so a replica
 * still running the previous version keeps storing.
 */
export class OrganizationMails1764900000000 implements MigrationInterface {
  name = 'OrganizationMails1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE mailer.mails ADD COLUMN organization_id varchar(64)');
    await runner.query(
      'CREATE INDEX mails_organization_id_idx ON mailer.mails (organization_id) WHERE organization_id IS NOT NULL',
    );
    await runner.query(`
      CREATE TABLE mailer.forgotten_organizations (
        organization_id varchar(64) PRIMARY KEY,
        forgotten_at timestamptz NOT NULL
      )`);
    await runner.query(`
      CREATE FUNCTION mailer.lock_organization_mail(p_organization_id varchar) RETURNS void LANGUAGE sql AS $$
        SELECT pg_advisory_xact_lock(hashtext('mailer-organization:' || p_organization_id))
      $$`);
    await runner.query(`
      CREATE FUNCTION mailer.store_organization_mail(
        p_id uuid, p_source_event_id uuid, p_organization_id varchar, p_user_id varchar, p_kind text, p_to text,
        p_subject text, p_text text, p_html text, p_link_expires_at timestamptz, p_now timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM mailer.lock_user_mail(p_user_id);
        PERFORM mailer.lock_organization_mail(p_organization_id);
        INSERT INTO mailer.mails
          (id, source_event_id, organization_id, user_id, kind, to_address, subject, text, html, status, attempts,
           link_expires_at, next_attempt_at, created_at)
        SELECT p_id, p_source_event_id, p_organization_id, p_user_id, p_kind, p_to, p_subject, p_text, p_html,
               'pending', 0, p_link_expires_at, p_now, p_now
         WHERE NOT EXISTS (SELECT 1 FROM mailer.forgotten_organizations WHERE organization_id = p_organization_id)
           AND NOT EXISTS (SELECT 1 FROM mailer.forgotten_users WHERE user_id = p_user_id)
        ON CONFLICT (source_event_id) DO NOTHING;
      END
      $$`);
    await runner.query(`
      CREATE FUNCTION mailer.forget_organization(p_organization_id varchar) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM mailer.lock_organization_mail(p_organization_id);
        INSERT INTO mailer.forgotten_organizations (organization_id, forgotten_at) VALUES (p_organization_id, now())
          ON CONFLICT DO NOTHING;
        DELETE FROM mailer.mails WHERE organization_id = p_organization_id;
      END
      $$`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP FUNCTION mailer.forget_organization(varchar)');
    await runner.query(
      'DROP FUNCTION mailer.store_organization_mail(uuid, uuid, varchar, varchar, text, text, text, text, text, timestamptz, timestamptz)',
    );
    await runner.query('DROP FUNCTION mailer.lock_organization_mail(varchar)');
    await runner.query('DROP TABLE mailer.forgotten_organizations');
    await runner.query('DROP INDEX mailer.mails_organization_id_idx');
    await runner.query('ALTER TABLE mailer.mails DROP COLUMN organization_id');
  }
}
