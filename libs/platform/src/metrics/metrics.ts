import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

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

/** Adds Node's process metrics (CPU, memory, event loop lag, GC, handles) to the registry, once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsCollected) return;
  processMetricsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
