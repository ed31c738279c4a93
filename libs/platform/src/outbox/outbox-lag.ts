import type { DataSource } from 'typeorm';
import { OUTBOX_PENDING_COUNT_LIMIT, outboxLag } from '../metrics/metrics.js';

/**
 * Reports the events of `schema`'s log past the relay's checkpoint in `outbox_pending_events` and
 * `outbox_oldest_pending_age_seconds`, read only when scraped (one indexed range read, at most
 * OUTBOX_PENDING_COUNT_LIMIT rows) on any replica, the relay's leader or not. Returns the function that stops it.
 */
export function reportOutboxLag(dataSource: DataSource, schema: string): () => void {
  return outboxLag.add(async () => {
    const [row]: { pending: number; oldest_age: number }[] = await dataSource.query(
      `SELECT count(*)::int AS pending,
              coalesce(extract(epoch FROM now() - min(occurred_at)), 0)::float8 AS oldest_age
         FROM (SELECT occurred_at FROM "${schema}".events
                WHERE global_position > coalesce(
                        (SELECT position FROM "${schema}".relay_checkpoint WHERE name = 'jetstream'), 0)
                ORDER BY global_position LIMIT ${OUTBOX_PENDING_COUNT_LIMIT}) AS waiting`,
    );
    return [{ labels: { service: schema }, values: { pending: row.pending, oldestAge: Math.max(0, row.oldest_age) } }];
  });
}
