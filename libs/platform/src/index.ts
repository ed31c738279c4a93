export * from './ids/random-id.js';
export * from './net/client-key.js';
export * from './logging/create-logger.js';
export * from './database/ensure-database.js';
export * from './database/service-data-source.js';
export * from './database/prepared-query.js';
export * from './database/row-insertion.js';
export * from './database/prepared-rows.js';
export * from './event-store/event-store.schema.js';
export * from './event-store/aead.js';
export * from './event-store/personal-data-vault.js';
export * from './event-store/recorded-event.js';
export * from './event-store/event-union.js';
export * from './event-store/projection.js';
export * from './event-store/consumer-projection.js';
export * from './event-store/event-store.js';
export type { AppendOptions, LocalRelay, UniqueViolationMap } from './event-store/event-append.js';
export type {
  StateAtVersion,
  StateCommand,
  StreamCommand,
  VersionedStateCommand,
} from './event-store/decide-and-retry.js';
export type { EventRow } from './event-store/event-reader.js';
export * from './event-store/row-at-version.js';
export * from './nats/connect-nats.js';
export * from './nats/multiplexed-nats-client.js';
export * from './nats/plain-subject-nats-server.js';
export * from './nats/forwarded-request.js';
export * from './nats/event-stream.js';
export * from './nats/durable-consumer.js';
export * from './nats/jet-stream-consumer.decorator.js';
export * from './background/pacer.js';
export * from './background/background-loop.js';
export * from './outbox/outbox-relay.js';
export * from './rpc/validate-contract.js';
export * from './rpc/rpc-validation.pipe.js';
export * from './rpc/rpc-error.filter.js';
export * from './rpc/rpc-failure.js';
export * from './rpc/rpc-client.js';
export * from './health/application-readiness.js';
export * from './health/health-server.js';
export * from './metrics/metrics.js';
export * from './metrics/password-hash-metrics.js';
export * from './metrics/scraped-gauges.js';
export * from './outbox/outbox-lag.js';
export * from './bootstrap/infrastructure-unavailable.js';
export * from './bootstrap/connect-redis.js';
export * from './bootstrap/service-runtime.js';
export * from './bootstrap/run-service.js';
export * from './bootstrap/nats-microservice.js';
export * from './nats/nats-public-key-variable.js';
export * from './tracing/tracing-state.js';
export * from './tracing/nats-trace-context.js';
export * from './tracing/http-server-span.js';
export * from './audit/audit-log.js';
export * from './audit/audit-indexes.js';
