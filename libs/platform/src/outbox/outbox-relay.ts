import type { EventDefinition, PublishedEvent } from '@authsvc/contracts';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { LoggerService } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';
import { BackgroundLoop, type RoundEnd } from '../background/background-loop.js';
import { preparedQuery } from '../database/prepared-query.js';
import type { LocalRelay } from '../event-store/event-append.js';
import type { EventRow } from '../event-store/event-reader.js';
import type { EventStore } from '../event-store/event-store.js';

const BATCH_SIZE = 200;
const IDLE_WAIT_MS = 1000;
const LEADER_RETRY_MS = 2000;
/**
 * How often, at most, the checkpoint is written (and when the relay resigns). After the last event of a burst
 * the next round, at the latest the idle poll a second later, writes it. A crash re-publishes at most that much,
 * well inside the stream's ten-minute duplicate window, so the copies are dropped by their Nats-Msg-Id. Writing
 * it after every event, or after every round that caught up (under a steady trickle, every round), cost a
 * commit each.
 */
const CHECKPOINT_INTERVAL_MS = 500;
/**
 * While events trickle in, a batch leaves at most this long after the previous one began (the first event after
 * a quiet spell leaves at once, and a full batch is followed at once). Each batch costs a read and a publish round
 * trip in three processes, so under load (a sign-in every 40 ms) gathering a few events per batch saves more than
 * it delays them.
 */
const LINGER_MS = 100;

/**
 * Transactional outbox: tails the event log by global position and publishes each event to JetStream
 * with `Nats-Msg-Id = eventId`, then moves its checkpoint. A crash between publish and checkpoint
 * re-publishes, which JetStream's duplicate window (and consumers' processed sets) absorb. Personal data readable
 * only until published (`personalUntilPublished`) has its key erased once JetStream acknowledged its event.
 * One replica publishes at a time (Postgres advisory lock), so the order of the log is kept, and the leader
 * keeps the checkpoint in memory: nobody else moves it while it holds the lock.
 */
export class OutboxRelay implements LocalRelay {
  private runner?: QueryRunner;
  private readonly loop: BackgroundLoop;
  /** The last published position, and the last one written to the checkpoint table. */
  private published = '0';
  private stored = '0';
  private storedAt = 0;
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
    this.loop = new BackgroundLoop({
      failurePrefix: 'outbox relay',
      logger: options.logger,
      lingerMs: LINGER_MS,
      idleMs: IDLE_WAIT_MS,
      retryMs: LEADER_RETRY_MS,
      round: () => this.round(),
      recover: () => this.resign(),
      finish: () => this.resign(),
    });
  }

  get leading(): boolean {
    return this.runner !== undefined;
  }

  /** Events were committed: look again (now, or when the linger since the last batch is over). */
  nudge(): void {
    this.loop.nudge();
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async round(): Promise<RoundEnd> {
    if (!this.runner) await this.becomeLeader();
    if (!this.runner) return 'wait';
    const published = await this.publishBatch(this.runner);
    if (performance.now() - this.storedAt >= CHECKPOINT_INTERVAL_MS) await this.storeCheckpoint(this.runner);
    return published < BATCH_SIZE ? 'idle' : 'again';
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
    client.on('notification', () => this.nudge());
    await runner.query(`LISTEN "${this.options.store.notifyChannel}"`);
    const [checkpoint]: { position: string }[] = await runner.query(
      `SELECT position FROM "${this.options.schema}".relay_checkpoint WHERE name = 'jetstream'`,
    );
    this.published = this.stored = String(checkpoint?.position ?? '0');
    this.runner = runner;
  }

  private async resign(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    if (!runner) return;
    await this.storeCheckpoint(runner).catch(() => undefined);
    // Releasing the connection with the lock held would leak it to the pool; ending the session frees it.
    await runner.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    await runner.query('UNLISTEN *').catch(() => undefined);
    await runner.release().catch(() => undefined);
  }

  private async publishBatch(runner: QueryRunner): Promise<number> {
    const rows = await preparedQuery<EventRow>(
      runner.manager,
      `SELECT global_position, stream_id, stream_position, type, schema_version, data, personal,
              personal_subject, metadata
         FROM "${this.options.schema}".events
        WHERE global_position > $1 AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY global_position LIMIT ${BATCH_SIZE}`,
      [this.published],
    );
    if (rows.length === 0) return 0;
    const definitions = rows.map((row) => this.definitionOf(row.type));
    // Private personal data never leaves the service, so its keys are not even read.
    const shared = rows.map((row, index) =>
      definitions[index].personalIsPrivate ? { ...row, personal: null, personal_subject: null } : row,
    );
    const events = await this.options.store.toRecorded(runner.manager, shared);
    // The whole batch is sent before the first acknowledgement is awaited. One connection delivers in order
    // and the stream stores in that order, so the checkpoint moves over the acknowledged prefix: from the
    // first failure on, everything is published again (the copies that were stored are dropped by their id).
    const acknowledgements = await Promise.allSettled(
      events.map((event, index) => {
        const message: PublishedEvent = {
          type: event.type,
          schemaVersion: event.schemaVersion,
          streamId: event.streamId,
          streamPosition: event.streamPosition,
          globalPosition: event.globalPosition,
          data: event.data,
          personal: event.personal,
          metadata: event.metadata,
        };
        return this.js.publish(definitions[index].subject, JSON.stringify(message), { msgID: event.metadata.eventId });
      }),
    );
    const failed = acknowledgements.findIndex((acknowledgement) => acknowledgement.status === 'rejected');
    const acknowledged = failed === -1 ? events.length : failed;
    // Personal data readable only until published loses its key once JetStream holds the event (and private
    // personal data too, had an event type both). The position moves only after: should the erasure fail, the
    // events are published again (copies dropped by their id) and their keys erased then.
    await this.options.store.erasePublishedPersonalData(
      runner.manager,
      rows
        .slice(0, acknowledged)
        .flatMap((row, index) =>
          definitions[index].personalUntilPublished && row.personal_subject ? [row.personal_subject] : [],
        ),
    );
    if (acknowledged > 0) this.published = events[acknowledged - 1].globalPosition;
    if (failed !== -1) throw (acknowledgements[failed] as PromiseRejectedResult).reason;
    return rows.length;
  }

  private async storeCheckpoint(runner: QueryRunner): Promise<void> {
    if (this.published === this.stored) return;
    const position = this.published;
    await preparedQuery(
      runner.manager,
      `INSERT INTO "${this.options.schema}".relay_checkpoint (name, position) VALUES ('jetstream', $1)
       ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
      [position],
    );
    this.stored = position;
    this.storedAt = performance.now();
  }

  private definitionOf(type: string): EventDefinition<unknown, unknown> {
    const definition = this.options.definitions.find((candidate) => candidate.type === type);
    // An event type without a contract cannot be routed; stopping here keeps it in the log, unpublished.
    if (!definition) throw new Error(`no contract declares event type ${type}`);
    return definition;
  }
}
