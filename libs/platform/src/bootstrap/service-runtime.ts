import type { Server } from 'node:http';
import type { BackgroundLoop } from '../background/background-loop.js';
import { KeyRing } from '@authsvc/config';
import type { EventDefinition, NatsAccess } from '@authsvc/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ConsoleLogger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DataSource, EntitySchema, MixedList, ObjectLiteral } from 'typeorm';
import { ensureDatabase } from '../database/ensure-database.js';
import { createServiceDataSource, migrateExclusively } from '../database/service-data-source.js';
import { appliedCommandsPruner } from '../event-store/applied-commands.js';
import { EventStore } from '../event-store/event-store.js';
import { PersonalDataVault } from '../event-store/personal-data-vault.js';
import { InlineProjector, type RowProjection } from '../event-store/projection.js';
import { ApplicationReadiness } from '../health/application-readiness.js';
import { startHealthServer, type HealthCheck } from '../health/health-server.js';
import { createLogger } from '../logging/create-logger.js';
import { connectNats, natsEndpoint, type NatsEndpoint } from '../nats/connect-nats.js';
import { DAY_MS, ensureStream } from '../nats/event-stream.js';
import { reportOutboxLag } from '../outbox/outbox-lag.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { connectRedis } from './connect-redis.js';
import { reach } from './infrastructure-unavailable.js';

/** What every service needs from its environment. */
export interface ServiceConfig {
  readonly NODE_ENV: string;
  readonly LOG_LEVEL: string;
  readonly DATABASE_URL: URL;
  readonly DATABASE_POOL_SIZE: number;
  readonly NATS_URL: readonly URL[];
  readonly NATS_NKEY_SEED: string;
  readonly HEALTH_PORT: number;
  readonly EVENT_RETENTION_DAYS?: number;
  readonly JETSTREAM_REPLICAS?: number;
  /** For services with durable consumers: how often they look for a stream not created yet. */
  readonly CONSUMER_STREAM_WAIT_MS?: number;
  readonly DATA_ENCRYPTION_KEY: string;
  readonly DATA_ENCRYPTION_KEYS_PREVIOUS: readonly string[];
  /** Logged once the logger exists (a development secret in use, for instance). */
  readonly warnings: readonly string[];
}

export interface ServiceRuntimeOptions {
  readonly service: string;
  readonly config: ServiceConfig;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly entities: MixedList<Function | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly migrations: MixedList<Function>;
  readonly projections: readonly RowProjection<ObjectLiteral>[];
  /** Its NATS user; the streams it declares are created or updated at start, its event stream first. */
  readonly nats: NatsAccess;
  /** The events it relays from its outbox to its streams. */
  readonly events?: readonly EventDefinition<unknown, unknown>[];
  /** How long each of its streams but the event stream keeps a message, by stream name (identity's mail requests). */
  readonly streamMaxAgeMs?: Readonly<Record<string, number>>;
  readonly redisUrl?: URL;
}

/**
 * The infrastructure of one service process, connected and migrated: its schema's data source and
 * event store, NATS, optional Redis, the outbox relay and the health endpoints.
 */
export class ServiceRuntime {
  private relay?: OutboxRelay;
  private pruner?: BackgroundLoop;
  private stopOutboxLag?: () => void;
  private health?: Server;
  /** How often the service's durable consumers look for a stream not created yet (the consumers' default if unset). */
  consumerStreamWaitMs?: number;
  /** Down until the application that answers the service's subjects serves (`startNatsMicroservice`). */
  readonly readiness = new ApplicationReadiness();

  private constructor(
    readonly logger: ConsoleLogger,
    readonly dataSource: DataSource,
    readonly store: EventStore,
    readonly vault: PersonalDataVault,
    readonly nc: NatsConnection,
    /** Where the service's other NATS connections (Nest's server and clients) go, as the same user. */
    readonly nats: NatsEndpoint,
    readonly redis: Redis | undefined,
  ) {}

  static async start(options: ServiceRuntimeOptions): Promise<ServiceRuntime> {
    const { config, service } = options;
    const logger = createLogger(service, config.LOG_LEVEL, config.NODE_ENV);
    config.warnings.forEach((warning) => logger.warn(warning));
    const dataSource = createServiceDataSource({
      databaseUrl: config.DATABASE_URL,
      schema: service,
      entities: options.entities,
      migrations: options.migrations,
      poolSize: config.DATABASE_POOL_SIZE,
    });
    await reach('PostgreSQL', config.DATABASE_URL, async () => {
      await ensureDatabase(config.DATABASE_URL);
      await dataSource.initialize();
    });
    const nats = natsEndpoint(options.nats.user, config);
    const nc = await reach('NATS', config.NATS_URL, () => connectNats(nats, service));
    const redis = options.redisUrl ? await connectRedis(options.redisUrl, service) : undefined;
    await migrateExclusively(dataSource, service);

    const keks = new KeyRing(
      [config.DATA_ENCRYPTION_KEY, ...config.DATA_ENCRYPTION_KEYS_PREVIOUS],
      'data-key-wrapping',
    );
    const vault = new PersonalDataVault(service, keks);
    const rewrapped = await vault.rewrapStoredKeys(dataSource);
    if (rewrapped > 0) logger.log(`${rewrapped} data keys wrapped under key ${keks.current.id}`);
    const store = new EventStore(dataSource, service, vault, new InlineProjector(options.projections));
    const runtime = new ServiceRuntime(logger, dataSource, store, vault, nc, nats, redis);
    runtime.consumerStreamWaitMs = config.CONSUMER_STREAM_WAIT_MS;
    runtime.pruner = appliedCommandsPruner(dataSource, service, logger);
    runtime.pruner.start();
    const streams = options.nats.publishes ?? [];
    if (streams.length > 0) {
      const eventMaxAgeMs = (config.EVENT_RETENTION_DAYS ?? 30) * DAY_MS;
      // The event stream first: it gives up any subject it bound before that another stream binds now.
      for (const [index, { stream, subjects }] of streams.entries()) {
        const maxAgeMs = index === 0 ? eventMaxAgeMs : options.streamMaxAgeMs?.[stream];
        if (maxAgeMs === undefined) throw new Error(`${service} declares stream ${stream} without its retention`);
        await ensureStream(nc, { name: stream, subjects, maxAgeMs, replicas: config.JETSTREAM_REPLICAS });
      }
      runtime.relay = new OutboxRelay({
        dataSource,
        schema: service,
        store,
        nc,
        definitions: options.events ?? [],
        logger,
      });
      store.attachRelay(runtime.relay);
      runtime.relay.start();
      runtime.stopOutboxLag = reportOutboxLag(dataSource, service);
    }
    runtime.health = await startHealthServer(service, config.HEALTH_PORT, runtime.healthChecks());
    logger.log(`health endpoints on :${config.HEALTH_PORT}/health/{live,ready}`);
    return runtime;
  }

  healthChecks(): HealthCheck[] {
    const checks: HealthCheck[] = [
      ['postgres', () => this.dataSource.query('SELECT 1')],
      ['nats', () => this.nc.flush()],
    ];
    const redis = this.redis;
    if (redis) checks.push(['redis', () => redis.ping()]);
    return [...checks, ...this.readiness.checks()];
  }

  async close(): Promise<void> {
    this.stopOutboxLag?.();
    await this.pruner?.stop();
    await this.relay?.stop();
    await new Promise((resolve) => (this.health ? this.health.close(resolve) : resolve(undefined)));
    await this.nc.drain().catch(() => undefined);
    this.redis?.disconnect();
    await this.dataSource.destroy().catch(() => undefined);
  }
}
