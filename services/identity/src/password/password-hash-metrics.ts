import { Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '@authsvc/platform';

/** The metrics of the password hasher's bcrypt worker threads (identity's). */
export interface PasswordHashMetrics {
  readonly duration: Histogram<'operation'>;
  readonly queueDepth: Gauge;
}

let metrics: PasswordHashMetrics | undefined;

/**
 * Created on first use, so that only the app that hashes passwords reports them (a gauge without labels would
 * otherwise read 0 on every app).
 */
export function passwordHashMetrics(): PasswordHashMetrics {
  metrics ??= {
    duration: new Histogram({
      name: 'bcrypt_duration_seconds',
      help: 'Duration of bcrypt operations in the worker threads (hash, compare), without the wait for a thread',
      labelNames: ['operation'] as const,
      // Cost 10 to 12 takes some 50 to 300 ms a core; slower means the threads share too few cores.
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [metricsRegistry],
    }),
    queueDepth: new Gauge({
      name: 'bcrypt_queue_depth',
      help: 'bcrypt operations waiting for a worker thread (beyond its limit they are refused with 503)',
      registers: [metricsRegistry],
    }),
  };
  return metrics;
}
