import type { PublishedEvent } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import type { DataSource, EntityManager } from 'typeorm';
import { webhookWants } from './webhook-access.js';
import type { AttemptResult } from './webhook-schedule.js';

/** The delivery a sender holds (locked in its transaction), with its webhook's endpoint and sealed secret. */
export interface HeldDelivery {
  id: string;
  webhook_id: string;
  payload: string;
  attempts: number;
  first_attempt_at: Date | null;
  url: string;
  secret: Buffer;
}

/** The deliveries table: the queue the consumer of organization events fills and the senders of every replica share. */
export class WebhookDeliveries {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Queues one delivery of the event per webhook of its organization that wants its type and was created before
   * the event was recorded. Idempotent (unique webhook and event), as JetStream delivers at least once.
   */
  async queue(event: PublishedEvent, now: Date): Promise<void> {
    const organizationId = (event.data as { organizationId?: unknown }).organizationId;
    if (typeof organizationId !== 'string') return;
    const webhooks = await this.dataSource.query<{ id: string; events: string[] }[]>(
      'SELECT id, events FROM organization.webhooks WHERE organization_id = $1 AND from_position < $2',
      [organizationId, event.streamPosition],
    );
    const wanting = webhooks.filter(({ events }) => webhookWants(events, event.type)).map(({ id }) => id);
    if (wanting.length === 0) return;
    // From the webhooks table again: one deleted meanwhile is left out rather than failing the insert. A webhook
    // with a later delivery already is skipped: this copy of the event outlived its ack wait on a stalled replica,
    // and the one redelivered to another replica was queued (or not owed) before the later event.
    await this.dataSource.query(
      `INSERT INTO organization.webhook_deliveries
         (id, webhook_id, event_id, stream_position, payload, status, next_attempt_at, created_at)
       SELECT gen_random_uuid(), w.id, $2, $3, $4, 'pending', $5, $5 FROM organization.webhooks w
       WHERE w.id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM organization.webhook_deliveries later
         WHERE later.webhook_id = w.id AND later.stream_position > $3)
       ON CONFLICT DO NOTHING`,
      [wanting, event.metadata.eventId, event.streamPosition, JSON.stringify(event), now],
    );
  }

  /**
   * Locks, in the caller's transaction, one due delivery that is the oldest pending one of its webhook: a
   * webhook's deliveries go out one at a time in stream order (a failing one holds the next back until it is
   * delivered or given up). SKIP LOCKED keeps the replicas' senders apart; the lock dies with a crashed sender's
   * connection, so its delivery is at once another's to send. Status and due time are rechecked on the locked row.
   */
  async holdNext(manager: EntityManager): Promise<HeldDelivery | undefined> {
    const [held] = await manager.query<HeldDelivery[]>(
      `WITH heads AS (
         SELECT DISTINCT ON (webhook_id) id FROM organization.webhook_deliveries
         WHERE status = 'pending' ORDER BY webhook_id, stream_position
       )
       SELECT d.id, d.webhook_id, d.payload, d.attempts, d.first_attempt_at, w.url, w.secret
       FROM organization.webhook_deliveries d JOIN heads USING (id) JOIN organization.webhooks w ON w.id = d.webhook_id
       WHERE d.status = 'pending' AND d.next_attempt_at <= now()
       ORDER BY d.next_attempt_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED`,
    );
    return held;
  }

  /** An attempt's outcome: the receiver's status and the reason of a failure, and where the delivery stands now. */
  async record(
    manager: EntityManager,
    id: string,
    attempt: AttemptResult & { at: Date; answered: number | null; error: string | null },
  ): Promise<void> {
    await manager.query(
      `UPDATE organization.webhook_deliveries SET status = $2, attempts = attempts + 1,
       first_attempt_at = coalesce(first_attempt_at, $3), next_attempt_at = coalesce($4, next_attempt_at),
       last_status = $5, last_error = $6 WHERE id = $1`,
      [id, attempt.status, attempt.at, attempt.next, attempt.answered, attempt.error?.slice(0, 500) ?? null],
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
