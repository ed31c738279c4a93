import type { EventDefinition, PublishedEvent } from '@authsvc/contracts';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { LoggerService } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';
import type { EventRow, EventStore } from '../event-store/event-store.js';

const BATCH_SIZE = 200;
const IDLE_WAIT_MS = 1000;
const LEADER_RETRY_MS = 2000;

/**
 * Transactional outbox: tails the event log by global position and publishes each event to JetStream
 * with `Nats-Msg-Id = eventId`, then moves its checkpoint. A crash between publish and checkpoint
 * re-publishes, which JetStream's duplicate window (and consumers' processed sets) absorb.
 * One replica publishes at a time (Postgres advisory lock), so the order of the log is kept.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private runner?: QueryRunner;
  private wake?: () => void;
  private readonly js: JetStreamClient;

  constructor(
    private readonly options: {
      readonly dataSource: DataSource;
      readonly schema: string;
      readonly store: EventStore;
      readonly nc: NatsConnection;
      readonly definitions: readonly EventDefinition<unknown, unknown>[];
      readonly logger: LoggerService;
    },
  ) {
    this.js = jetstream(options.nc);
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        if (!this.runner) await this.becomeLeader();
        if (!this.runner) {
          await this.sleep(LEADER_RETRY_MS);
          continue;
        }
        const published = await this.publishBatch(this.runner);
        if (published === 0) await this.sleep(IDLE_WAIT_MS);
      } catch (error) {
        this.options.logger.error(`outbox relay: ${(error as Error).message}`, 'OutboxRelay');
        await this.resign();
        await this.sleep(LEADER_RETRY_MS);
      }
    }
    await this.resign();
  }

  private async becomeLeader(): Promise<void> {
    const runner = this.options.dataSource.createQueryRunner();
    await runner.connect();
    const [{ locked }]: { locked: boolean }[] = await runner.query(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
      [`relay:${this.options.schema}`],
    );
    if (!locked) {
      await runner.release();
      return;
    }
    const client = (await runner.connect()) as { on(event: 'notification', listener: () => void): void };
    client.on('notification', () => this.wake?.());
    await runner.query(`LISTEN "${this.options.store.notifyChannel}"`);
    this.runner = runner;
  }

  private async resign(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    if (!runner) return;
    // Releasing the connection with the lock held would leak it to the pool; ending the session frees it.
    await runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await runner.query('UNLISTEN *').catch(() => undefined);
    await runner.release().catch(() => undefined);
  }

  private async publishBatch(runner: QueryRunner): Promise<number> {
    const { schema } = this.options;
    const [checkpoint]: { position: string }[] = await runner.query(
      `SELECT position FROM "${schema}".relay_checkpoint WHERE name = 'jetstream'`,
    );
    const rows: EventRow[] = await runner.query(
      `SELECT global_position, stream_id, stream_position, type, schema_version, data, personal,
              personal_subject, metadata
         FROM "${schema}".events
        WHERE global_position > $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY global_position LIMIT ${BATCH_SIZE}`,
      [checkpoint?.position ?? '0'],
    );
    if (rows.length === 0) return 0;
    const events = await this.options.store.toRecorded(runner.manager, rows);
    for (const event of events) {
      const definition = this.definitionOf(event.type);
      const message: PublishedEvent = {
        type: event.type,
        schemaVersion: event.schemaVersion,
        streamId: event.streamId,
        streamPosition: event.streamPosition,
        globalPosition: event.globalPosition,
        data: event.data,
        personal: definition.personalIsPrivate ? null : event.personal,
        metadata: event.metadata,
      };
      await this.js.publish(definition.subject, JSON.stringify(message), { msgID: event.metadata.eventId });
    }
    await runner.query(
      `INSERT INTO "${schema}".relay_checkpoint (name, position) VALUES ('jetstream', $1)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
      [events[events.length - 1].globalPosition],
    );
    return events.length;
  }

  private definitionOf(type: string): EventDefinition<unknown, unknown> {
    const definition = this.options.definitions.find((candidate) => candidate.type === type);
    // An event type without a contract cannot be routed; stopping here keeps it in the log, unpublished.
    if (!definition) throw new Error(`no contract declares event type ${type}`);
    return definition;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
