import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { DecideAndRetry, type StreamDecision } from './decide-and-retry.js';
import { EventAppend, type AppendOptions, type LocalRelay } from './event-append.js';
import { EventReader, type EventRow } from './event-reader.js';
import type { PersonalDataVault } from './personal-data-vault.js';
import type { InlineProjector } from './projection.js';
import type { RecordedEvent } from './recorded-event.js';
import type { RowAtVersion } from './row-at-version.js';

/**
 * Append-only Postgres event store of one service schema: the append (`EventAppend`), the decide-and-retry loop
 * on top of it (`DecideAndRetry`) and the reader (`EventReader`), behind one object that services hold.
 */
export class EventStore {
  private readonly reader: EventReader;
  private readonly appender: EventAppend;
  private readonly decisions: DecideAndRetry;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
    private readonly vault: PersonalDataVault,
    projector: InlineProjector,
  ) {
    this.reader = new EventReader(dataSource, schema, vault);
    this.appender = new EventAppend(dataSource, schema, vault, projector, this.reader);
    this.decisions = new DecideAndRetry(this.appender, this.reader);
  }

  /** Appends events decided at `expectedVersion` (see `EventAppend.append`). */
  append(options: AppendOptions): Promise<RecordedEvent[]> {
    return this.appender.append(options);
  }

  /** Read the state, decide, append; decided again on a lost race (see `DecideAndRetry`). */
  execute<State>(decision: StreamDecision<State>): Promise<RecordedEvent[]> {
    return this.decisions.execute(decision);
  }

  /** A row of an inline projection of the stream, with the stream's version, in one statement. */
  rowAtVersion<Row extends ObjectLiteral>(
    streamId: string,
    entity: EntityTarget<Row>,
    key: Partial<Row>,
  ): Promise<RowAtVersion<Row>> {
    return this.reader.rowAtVersion(streamId, entity, key);
  }

  /** The position of the stream's last event; 0 for a stream without events. */
  streamVersion(streamId: string): Promise<number> {
    return this.reader.streamVersion(streamId);
  }

  readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.reader.readStream(streamId);
  }

  /** Rows of the events table as events, for the relay and for rebuilding read models. */
  toRecorded(manager: EntityManager, rows: readonly EventRow[]): Promise<RecordedEvent[]> {
    return this.reader.toRecorded(manager, rows);
  }

  /**
   * Whether the command being handled is a later attempt of one that already appended. A handler that refuses
   * early from a read model (an email already taken, checked before the costly hash) asks first: its own first
   * attempt's effect must not refuse it; the append then answers with the first attempt's events.
   */
  repeatsAppliedCommand(): Promise<boolean> {
    return this.appender.repeatsAppliedCommand();
  }

  /** The outbox relay of this process: appends made while it leads tell it directly instead of by NOTIFY. */
  attachRelay(relay: LocalRelay): void {
    this.appender.attachRelay(relay);
  }

  get notifyChannel(): string {
    return this.appender.notifyChannel;
  }

  /**
   * Erases the keys of published events whose personal data was readable only until then (their
   * `personalSubject`), in the relay's transaction.
   */
  async erasePublishedPersonalData(manager: EntityManager, subjects: readonly string[]): Promise<void> {
    await this.vault.eraseEventKeys(manager, subjects);
  }

  /** Destroys a subject's data key: the personal data of its events reads as null from now on. */
  async erasePersonalData(subject: string): Promise<void> {
    await this.dataSource.transaction((manager) => this.vault.erase(manager, subject));
  }
}
