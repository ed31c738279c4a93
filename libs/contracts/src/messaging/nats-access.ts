import type { RpcDefinition } from './rpc-definition.js';

/** A JetStream durable pull consumer: persisted in JetStream under its stream and name. */
export interface DurableConsumerDefinition {
  readonly stream: string;
  readonly durableName: string;
  /** One subject filter (servers before 2.10 accept only one); handlers ignore the events they don't need. */
  readonly filterSubject: string;
  /**
   * Its owner may also delete it, to create it again from a point in time or a stream sequence: a replay
   * (JetStream never moves an existing consumer's start).
   */
  readonly replayable?: boolean;
  /**
   * One event at a time across every replica, in stream order (`max_ack_pending` 1): the next is handed out only
   * once the one before is acknowledged, for a handler whose effects must follow the stream's order.
   */
  readonly inStreamOrder?: boolean;
  /**
   * How long JetStream waits for the acknowledgement of a delivered event before it hands the event out again,
   * to another replica when its holder crashed (30 s by default). Shorter for a quick handler whose consumer
   * must not stall long behind a crash; a handler slower than this sees its event twice.
   */
  readonly ackWaitMs?: number;
}

/**
 * What one app does on NATS, declared once: the NATS server's authorization is generated from these
 * (`npm run nats:config`), so every app may use exactly the subjects it declares and nothing else.
 */
export interface NatsAccess {
  /** The NATS user (one per app; replicas share it) and the prefix of its reply inboxes. */
  readonly user: string;
  /** Request/reply subjects it answers (in its queue group). */
  readonly serves: readonly RpcDefinition<unknown, unknown>[];
  /** Request/reply subjects it sends requests to, or hands a request it received on to (`forwardRequest`). */
  readonly calls: readonly RpcDefinition<unknown, unknown>[];
  /** The JetStream streams it owns (creates, updates) and publishes to: its event stream first. */
  readonly publishes?: readonly PublishedStream[];
  /** The durable consumers it reads other services' events through. */
  readonly consumes: readonly DurableConsumerDefinition[];
  /**
   * Event subjects it hears as plain NATS messages, without a durable consumer: only news that refreshes a cache
   * it also refreshes on its own (the gateway's signing keys), since a message sent while it is away is missed.
   */
  readonly listens?: readonly string[];
  /**
   * Retired durable consumers it empties and then deletes, purging their subjects from their stream (what an
   * older deployment left behind).
   */
  readonly drains?: readonly DurableConsumerDefinition[];
}

/** A stream and the subjects it binds. */
export interface PublishedStream {
  readonly stream: string;
  readonly subjects: readonly string[];
}

/**
 * The subjects of a service's event stream: `<service>.events.>` (facts for every subscriber). Never RPC
 * subjects: a stream that captured those would answer requests with publish acks.
 */
export function eventStreamSubjects(service: string): string[] {
  return [`${service}.events.>`];
}

/**
 * Where an app's replies arrive: under a prefix of its own, so that reading them needs its credential (a
 * shared `_INBOX.>` would let any app read every other app's answers, session tokens included).
 */
export function natsInboxPrefix(user: string): string {
  return `_INBOX.${user}`;
}
