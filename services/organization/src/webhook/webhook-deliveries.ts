import { randomUUID } from 'node:crypto';
import type { PublishedEvent } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import type { DataSource } from 'typeorm';
import { webhookWants } from './webhook-access.js';
import { fanoutStep } from './webhook-fanout-rule.js';

/** A delivery taken by one sender, leased so that no other replica takes it while it is being sent. */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  payload: string;
  attempts: number;
  first_attempt_at: Date;
  url: string;
  secret: Buffer;
}

/** Longer than a delivery's timeout: a sender that died mid-delivery leaves it to another after this. */
const LEASE = "interval '30 seconds'";

/** The deliveries table: the queue the fan-out fills and the senders of every replica share. */
export class WebhookDeliveries {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Queues one delivery of the event per webhook of its organization that wants its type, in the
   * organization's order (see fanoutStep): the checkpoint row serializes the replicas' fan-outs of one
   * organization, and a redelivered event is queued once (unique webhook and event).
   */
  async queue(event: PublishedEvent, now: Date): Promise<void> {
    const organizationId = (event.data as { organizationId?: unknown }).organizationId;
    if (typeof organizationId !== 'string') return;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        'INSERT INTO organization.webhook_streams (organization_id, position) VALUES ($1, 0) ON CONFLICT DO NOTHING',
        [organizationId],
      );
      const [{ position }] = await manager.query<[{ position: number }]>(
        'SELECT position FROM organization.webhook_streams WHERE organization_id = $1 FOR UPDATE',
        [organizationId],
      );
      const step = fanoutStep(position, event.streamPosition, new Date(event.metadata.occurredAt), now);
      if (step === 'duplicate') return;
      if (step === 'wait') throw new Error(`event ${event.streamPosition - 1} of ${organizationId} not queued yet`);
      const webhooks = await manager.query<{ id: string; events: string[] }[]>(
        'SELECT id, events FROM organization.webhooks WHERE organization_id = $1 ORDER BY created_at, id',
        [organizationId],
      );
      const payload = JSON.stringify(event);
      for (const webhook of webhooks.filter(({ events }) => webhookWants(events, event.type))) {
        await manager.query(
          `INSERT INTO organization.webhook_deliveries (id, webhook_id, event_id, payload, status, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, 'pending', $5, $5) ON CONFLICT DO NOTHING`,
          [randomUUID(), webhook.id, event.metadata.eventId, payload, now],
        );
      }
      await manager.query('UPDATE organization.webhook_streams SET position = $2 WHERE organization_id = $1', [
        organizationId,
        event.streamPosition,
      ]);
    });
  }

  /**
   * Leases up to `limit` due deliveries, each the oldest pending one of its webhook: a webhook's deliveries go
   * out one at a time, in order (a failing one holds the next back until delivered or given up). SKIP LOCKED
   * and the lease, rechecked on the row itself, keep two replicas from taking the same one.
   */
  async claim(limit: number): Promise<ClaimedDelivery[]> {
    // An UPDATE answers [rows, count] through TypeORM.
    const [claimed] = await this.dataSource.query<[ClaimedDelivery[], number]>(
      `WITH heads AS (
         SELECT DISTINCT ON (webhook_id) id FROM organization.webhook_deliveries
         WHERE status = 'pending' ORDER BY webhook_id, seq
       ), due AS (
         SELECT d.id FROM organization.webhook_deliveries d JOIN heads USING (id)
         WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.lease_until IS NULL OR d.lease_until < now())
         LIMIT $1 FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE organization.webhook_deliveries d
       SET lease_until = now() + ${LEASE}, attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, now())
       FROM due, organization.webhooks w
       WHERE d.id = due.id AND w.id = d.webhook_id
       RETURNING d.id, d.webhook_id, d.payload, d.attempts, d.first_attempt_at, w.url, w.secret`,
      [limit],
    );
    return claimed;
  }

  async delivered(id: string, status: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE organization.webhook_deliveries SET status = 'delivered', lease_until = NULL, last_status = $2,
       last_error = NULL WHERE id = $1`,
      [id, status],
    );
  }

  /** A failed attempt: retried at `next`, or kept as failed (for replay) when `next` is null. */
  async attemptFailed(id: string, next: Date | null, status: number | null, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE organization.webhook_deliveries SET status = $2, next_attempt_at = coalesce($3, next_attempt_at),
       lease_until = NULL, last_status = $4, last_error = $5 WHERE id = $1`,
      [id, next ? 'pending' : 'failed', next, status, error.slice(0, 500)],
    );
  }

  /** Queues failed deliveries of the webhook again, from a first attempt; one (`deliveryId`) or all of them. */
  async replay(webhookId: string, deliveryId: string | undefined): Promise<number> {
    const [, replayed] = await this.dataSource.query<[unknown, number]>(
      `UPDATE organization.webhook_deliveries SET status = 'pending', attempts = 0, first_attempt_at = NULL,
       next_attempt_at = now(), last_error = NULL
       WHERE webhook_id = $1 AND status = 'failed' AND ($2::text IS NULL OR id::text = $2)`,
      [webhookId, deliveryId ?? null],
    );
    if (deliveryId && replayed === 0) throw new DomainError(OrganizationErrors.WEBHOOK_DELIVERY_NOT_FOUND);
    return replayed;
  }
}
