import type { NatsAccess } from '@authsvc/contracts';
import { jetstreamManager, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * Creates or updates a service's event stream, bound to the subjects its NATS access declares
 * (`eventStreamSubjects`). `max_age` bounds how long published personal data stays on the bus; the duplicate
 * window makes relay re-publishes after a crash no-ops.
 */
export async function ensureEventStream(
  nc: NatsConnection,
  stream: NonNullable<NatsAccess['publishes']>,
  retentionDays: number,
): Promise<void> {
  const manager = await jetstreamManager(nc);
  const name = stream.stream;
  const config: Partial<StreamConfig> & { name: string } = {
    name,
    subjects: [...stream.subjects],
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
