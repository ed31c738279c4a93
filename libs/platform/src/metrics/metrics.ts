import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { ScrapedGauges } from './scraped-gauges.js';

/** A scrape counts the waiting outbox events up to this many: beyond it the count says only "very behind". */
export const OUTBOX_PENDING_COUNT_LIMIT = 10000;

/**
 * The metrics of this process, served at `/metrics` on its health port (never on the gateway's public port).
 * One registry per process: each process is one app, and Prometheus labels it by its scrape target.
 */
export const metricsRegistry = new Registry();

const registers = [metricsRegistry];

/** HTTP answers of the gateway's public port, by route pattern (never the raw path: it may carry a token). */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Duration of HTTP requests, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers,
});

/** Requests this process made to another over NATS, as the caller saw them. */
export const rpcClientDuration = new Histogram({
  name: 'rpc_client_duration_seconds',
  help: 'Duration of NATS requests this process made, by subject and outcome (ok, refused, unavailable, error)',
  labelNames: ['subject', 'outcome'] as const,
  registers,
});

/** Attempts of those requests beyond the first: a replica that did not answer in time, or none subscribed. */
export const rpcClientRetries = new Counter({
  name: 'rpc_client_retries_total',
  help: 'Attempts of NATS requests beyond the first, by subject and reason (timeout, no-responders)',
  labelNames: ['subject', 'reason'] as const,
  registers,
});

/** Sign-ins, sign-ups, their failures and lockouts, sign-outs and revocations, as the gateway answered them. */
export const authEventsTotal = new Counter({
  name: 'auth_events_total',
  help: 'Authentication events answered, by event, provider and outcome (success, failure, locked)',
  labelNames: ['event', 'provider', 'outcome'] as const,
  registers,
});

/** Appends to this service's event store, the read models written inline and the outbox included. */
export const eventStoreAppendDuration = new Histogram({
  name: 'event_store_append_duration_seconds',
  help: 'Duration of event store appends (one transaction each)',
  registers,
});

let processMetricsCollected = false;

/**
 * How often the event loop's lag is sampled (prom-client's default is every 10 ms): each sample wakes an idle
 * process, and at 100 a second they were a third of every app's CPU at rest, CPU that the password hashes of a
 * sign-in burst then lacked. Lag that matters lasts far longer than 100 ms.
 */
const EVENT_LOOP_SAMPLING_MS = 100;

/** Adds Node's process metrics (CPU, memory, event loop lag, GC, handles) to the registry, once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsCollected) return;
  processMetricsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLING_MS });
}

/**
 * Events of this service's outbox not yet published to JetStream, as far as the relay's checkpoint tells (it
 * trails publishing by about a second while events flow), read from the event log when scraped.
 */
export const outboxLag = new ScrapedGauges(registers, ['service'], {
  pending: {
    name: 'outbox_pending_events',
    help: `Outbox events not yet published to JetStream (counted up to ${OUTBOX_PENDING_COUNT_LIMIT})`,
  },
  oldestAge: {
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox event not yet published to JetStream (0 when none waits)',
  },
});

/** The JetStream durable consumers this process pulls from, as the server reports them when scraped. */
export const jetStreamConsumerLag = new ScrapedGauges(registers, ['stream', 'consumer'], {
  pending: {
    name: 'jetstream_consumer_pending_messages',
    help: 'Messages of the stream the durable consumer has not been delivered yet',
  },
  ackPending: {
    name: 'jetstream_consumer_ack_pending_messages',
    help: 'Messages delivered to the durable consumer and not acknowledged yet (in hand, or failing and retried)',
  },
});
