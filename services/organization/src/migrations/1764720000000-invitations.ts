import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invitations read model, kept inline with the organization streams and gone with its organization. Its
 * indexes serve an organization's list (by creation), an address's pending invitations (invite's duplicate
 * check, list-user-invitations), an organization's pending ones (the invitation limit, deletion) and all pending
 * ones by expiry (the expiry sweep): each read one index scan, however many invitations an organization made.
 */
export class Invitations1764720000000 implements MigrationInterface {
  name = 'Invitations1764720000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE organization.invitations (
        id varchar(64) PRIMARY KEY,
        organization_id varchar(64) NOT NULL REFERENCES organization.organizations (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL,
        team_id varchar(64),
        status text NOT NULL,
        inviter_id varchar(64) NOT NULL,
        inviter_email text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX invitations_organization_idx ON organization.invitations (organization_id, created_at)',
    );
    await runner.query(
      "CREATE INDEX invitations_pending_email_idx ON organization.invitations (email) WHERE status = 'pending'",
    );
    await runner.query(
      "CREATE INDEX invitations_pending_organization_idx ON organization.invitations (organization_id, expires_at) WHERE status = 'pending'",
    );
    await runner.query(
      "CREATE INDEX invitations_pending_expiry_idx ON organization.invitations (expires_at) WHERE status = 'pending'",
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE organization.invitations');
  }
}
