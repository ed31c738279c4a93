import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks are plain rows, not events of the organization's stream: they are the deployment's outbound
 * configuration, their secret must never travel in a published event, and their own changes would otherwise be
 * delivered to themselves. Deliveries are the work queue the senders of every replica share (webhook-sender.ts),
 * ordered per webhook by the event's position in its organization's stream. A webhook receives the events its
 * organization records after it (`from_position`: the organization's stream version when it was created).
 */
export class Webhooks1765450000000 implements MigrationInterface {
  name = 'Webhooks1765450000000';

  async up(runner: QueryRunner): Promise<void> {
    // A first design (migration Webhooks1765400000000, reverted) left these tables in the databases it ran on.
    for (const table of ['webhook_streams', 'webhook_deliveries', 'webhooks']) {
      await runner.query(`DROP TABLE IF EXISTS organization.${table}`);
    }
    await runner.query(`CREATE TABLE organization.webhooks (
      id uuid PRIMARY KEY,
      organization_id text NOT NULL,
      url text NOT NULL,
      events text[] NOT NULL,
      secret bytea NOT NULL,
      from_position integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await runner.query('CREATE INDEX webhooks_organization_idx ON organization.webhooks (organization_id, created_at)');
    await runner.query(`CREATE TABLE organization.webhook_deliveries (
      id uuid PRIMARY KEY,
      webhook_id uuid NOT NULL REFERENCES organization.webhooks (id) ON DELETE CASCADE,
      event_id text NOT NULL,
      stream_position integer NOT NULL,
      payload text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      first_attempt_at timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz NOT NULL,
      UNIQUE (webhook_id, event_id)
    )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_pending_idx ON organization.webhook_deliveries (webhook_id, stream_position)
       WHERE status = 'pending'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE organization.webhook_deliveries');
    await runner.query('DROP TABLE organization.webhooks');
  }
}
