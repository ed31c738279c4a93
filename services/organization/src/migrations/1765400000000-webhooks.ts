import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks are plain rows, not events of the organization's stream: they are the deployment's outbound
 * configuration, their secret must never travel in a published event, and their own changes would otherwise be
 * delivered to themselves. Deliveries are the work queue the senders of every replica share (webhook-sender.ts);
 * webhook_streams is each organization's last queued stream position (webhook-fanout.ts).
 */
export class Webhooks1765400000000 implements MigrationInterface {
  name = 'Webhooks1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE organization.webhooks (
      id uuid PRIMARY KEY,
      organization_id text NOT NULL,
      url text NOT NULL,
      events text[] NOT NULL,
      secret bytea NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await runner.query('CREATE INDEX webhooks_organization_idx ON organization.webhooks (organization_id, created_at)');
    await runner.query(`CREATE TABLE organization.webhook_deliveries (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      webhook_id uuid NOT NULL REFERENCES organization.webhooks (id) ON DELETE CASCADE,
      event_id text NOT NULL,
      payload text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      first_attempt_at timestamptz,
      lease_until timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz NOT NULL,
      UNIQUE (webhook_id, event_id)
    )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_pending_idx ON organization.webhook_deliveries (webhook_id, seq)
       WHERE status = 'pending'`,
    );
    await runner.query(`CREATE TABLE organization.webhook_streams (
      organization_id text PRIMARY KEY,
      position integer NOT NULL
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE organization.webhook_streams');
    await runner.query('DROP TABLE organization.webhook_deliveries');
    await runner.query('DROP TABLE organization.webhooks');
  }
}
