import { jetstreamManager, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Creates or updates a service's event stream. It binds `<service>.events.>` (facts for every subscriber)
 * and `<service>.mail.>` (mail requests that carry action links, bearer secrets: only the mailer may
 * consume them), never RPC subjects: a stream that captured those would answer requests with publish acks. `max_age` bounds how long published
 * personal data stays on the bus; the duplicate window makes relay re-publishes after a crash no-ops.
 */
export async function ensureEventStream(
  nc: NatsConnection,
  name: string,
  service: string,
  retentionDays: number,
): Promise<void> {
  const manager = await jetstreamManager(nc);
  const config: Partial<StreamConfig> & { name: string } = {
    name,
    subjects: [`${service}.events.>`, `${service}.mail.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(retentionDays * 24 * 60 * 60 * 1000),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  };
  const exists = await manager.streams.info(name).then(
    () => true,
    () => false,
  );
  if (exists) await manager.streams.update(name, config);
  else await manager.streams.add(config);
}
