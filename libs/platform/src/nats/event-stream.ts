import { eventStreamSubjects } from '@authsvc/contracts';
import { jetstreamManager, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';

const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A JetStream stream a service publishes to: its subjects and how long it keeps a message. */
export interface StreamSpec {
  readonly name: string;
  readonly subjects: readonly string[];
  readonly maxAgeMs: number;
  /** Copies a NATS cluster keeps (JETSTREAM_REPLICAS); 1 by default, all a single server accepts. */
  readonly replicas?: number;
}

/**
 * Creates or updates a stream to match `spec`, subjects included, so starting again changes nothing and a
 * subject removed from the spec leaves the stream (after which another stream may bind it: JetStream refuses
 * two streams with overlapping subjects, so the one giving a subject up must be ensured first). A stream binds
 * event or mail-request subjects, never RPC subjects: one that captured those would answer requests with
 * publish acks. Its consumers are created without a replica count, so they follow the stream's. `max_age` bounds how long published personal data stays on the bus; the duplicate window
 * (never longer than `max_age`, which JetStream requires) makes relay re-publishes after a crash no-ops.
 */
export async function ensureStream(nc: NatsConnection, spec: StreamSpec): Promise<void> {
  const manager = await jetstreamManager(nc);
  const config: Partial<StreamConfig> & { name: string } = {
    name: spec.name,
    subjects: [...spec.subjects],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    max_age: nanos(spec.maxAgeMs),
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, spec.maxAgeMs)),
    num_replicas: spec.replicas ?? 1,
  };
  const exists = await manager.streams.info(spec.name).then(
    () => true,
    () => false,
  );
  if (exists) await manager.streams.update(spec.name, config);
  else await manager.streams.add(config);
}

/** A service's event stream: `<service>.events.>` (facts for every subscriber), kept `retentionDays`. */
export function eventStream(name: string, service: string, retentionDays: number): StreamSpec {
  return { name, subjects: eventStreamSubjects(service), maxAgeMs: retentionDays * DAY_MS };
}
