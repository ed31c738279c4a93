import { randomUUID } from 'node:crypto';
import { DomainError, RequestErrors } from '@authsvc/errors';
import type { EventMetadata } from '@authsvc/contracts';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import type { InlineProjector } from './projection.js';
import type { PersonalDataVault } from './personal-data-vault.js';
import type { CommandContext, PendingEvent, RecordedEvent } from './recorded-event.js';

const UNIQUE_VIOLATION = '23505';
const STREAM_POSITION_CONSTRAINT = 'events_stream_position_unique';

interface EventRow {
  global_position: string;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: unknown;
  personal: Buffer | null;
  personal_subject: string | null;
  metadata: EventMetadata;
}

/** Maps a uniqueness rule of a read model (by constraint name) to the domain error it means. */
export type UniqueViolationMap = Readonly<Record<string, DomainError>>;

export interface AppendOptions {
  readonly streamId: string;
  /** The stream version the decision was made on (0 for a new stream). */
  readonly expectedVersion: number;
  readonly events: readonly PendingEvent[];
  readonly context: CommandContext;
  readonly uniqueViolations?: UniqueViolationMap;
  /** Destroys this subject's data key in the same transaction: its personal data becomes unreadable everywhere. */
  readonly erasePersonalDataOf?: string;
}

/** A command against one stream: decide the new events from its history (none: nothing to do). */
export interface StreamCommand {
  readonly streamId: string;
  decide(history: readonly RecordedEvent[]): readonly PendingEvent[];
  readonly context: CommandContext;
  readonly uniqueViolations?: UniqueViolationMap;
  readonly erasePersonalDataOf?: string;
}

const DECIDE_ATTEMPTS = 3;
const EVENT_COLUMNS = 10;

/** `($1, …, $n), ($n+1, …)`: the placeholders of a multi-row VALUES list. */
function placeholderRows(rows: number, columns: number): string {
  return Array.from(
    { length: rows },
    (_, row) => `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(', ')})`,
  ).join(', ');
}

/** The subject whose key encrypts the event's personal data, if it has any. */
function personalSubjectOf(event: PendingEvent): string[] {
  return event.personal !== null && event.personalSubject ? [event.personalSubject] : [];
}

/**
 * Append-only Postgres event store of one service schema. An append writes the events, applies the
 * inline projections and notifies the outbox relay in one transaction, so that a write is visible to the
 * next read and is published exactly when it is committed.
 */
export class EventStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly vault: PersonalDataVault,
    private readonly projector: InlineProjector,
  ) {}

  async append(options: AppendOptions): Promise<RecordedEvent[]> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const recorded = await this.insert(manager, options);
        await this.projector.apply(manager, recorded);
        if (options.erasePersonalDataOf) await this.vault.erase(manager, options.erasePersonalDataOf);
        return recorded;
      });
    } catch (error) {
      throw this.translate(error, options.uniqueViolations ?? {});
    }
  }

  /**
   * Load, decide, append. When another writer appended to the stream first, the command is decided again
   * on the new history, so racing commands (two clicks, a request and an event reaction) each get the
   * answer the later state gives instead of a conflict. The events recorded; none when nothing changed.
   */
  async execute(command: StreamCommand): Promise<RecordedEvent[]> {
    for (let attempt = 1; ; attempt++) {
      const history = await this.readStream(command.streamId);
      const events = command.decide(history);
      if (events.length === 0) return [];
      try {
        return await this.append({ ...command, expectedVersion: history.length, events });
      } catch (error) {
        const lostRace = error instanceof DomainError && error.code === RequestErrors.CONCURRENT_MODIFICATION.code;
        if (!lostRace || attempt === DECIDE_ATTEMPTS) throw error;
      }
    }
  }

  /** Destroys a subject's data key: the personal data of its events reads as null from now on. */
  async erasePersonalData(subject: string): Promise<void> {
    await this.dataSource.transaction((manager) => this.vault.erase(manager, subject));
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const manager = this.dataSource.manager;
    const rows: EventRow[] = await manager.query(
      `SELECT global_position, stream_id, stream_position, type, schema_version, data, personal,
              personal_subject, metadata
         FROM "${this.schema}".events WHERE stream_id = $1 ORDER BY stream_position`,
      [streamId],
    );
    return this.toRecorded(manager, rows);
  }

  /** Reads events after a global position, for the relay and for rebuilding read models. */
  async toRecorded(manager: EntityManager, rows: readonly EventRow[]): Promise<RecordedEvent[]> {
    const subjects = rows.flatMap((row) => (row.personal_subject ? [row.personal_subject] : []));
    const keys = await this.vault.keysOf(manager, subjects);
    return rows.map((row) => ({
      type: row.type,
      schemaVersion: row.schema_version,
      streamId: row.stream_id,
      streamPosition: row.stream_position,
      globalPosition: String(row.global_position),
      data: row.data,
      personal:
        row.personal && row.personal_subject ? this.vault.decrypt(keys, row.personal_subject, row.personal) : null,
      personalSubject: row.personal_subject,
      metadata: row.metadata,
    }));
  }

  get notifyChannel(): string {
    return `${this.schema}_events`;
  }

  /**
   * All events of the append in one statement, which also signals the outbox relay (Postgres delivers the
   * notification at commit, once per transaction): one round trip however many events.
   */
  private async insert(manager: EntityManager, options: AppendOptions): Promise<RecordedEvent[]> {
    const { context } = options;
    if (options.events.length === 0) return [];
    const keys = await this.vault.keysFor(manager, options.events.flatMap(personalSubjectOf));
    let causationId = context.causationId ?? null;
    const recorded = options.events.map((event, index): RecordedEvent => {
      const metadata: EventMetadata = {
        eventId: randomUUID(),
        correlationId: context.correlationId,
        causationId,
        actorId: context.actorId ?? null,
        occurredAt: context.now.toISOString(),
      };
      causationId = metadata.eventId;
      return {
        type: event.definition.type,
        schemaVersion: event.definition.schemaVersion,
        streamId: options.streamId,
        streamPosition: options.expectedVersion + index + 1,
        globalPosition: '',
        data: event.data,
        personal: event.personal,
        personalSubject: event.personalSubject,
        metadata,
      };
    });
    const values = recorded.map((event) => {
      const key = event.personal !== null && event.personalSubject ? keys.get(event.personalSubject) : undefined;
      const personal = key ? this.vault.encrypt(key, event.personal) : null;
      return [
        event.metadata.eventId,
        event.streamId,
        event.streamPosition,
        event.type,
        event.schemaVersion,
        JSON.stringify(event.data),
        personal,
        personal ? event.personalSubject : null,
        JSON.stringify(event.metadata),
        context.now,
      ];
    });
    const rows: { global_position: string; stream_position: number }[] = await manager.query(
      `WITH appended AS (
         INSERT INTO "${this.schema}".events
           (event_id, stream_id, stream_position, type, schema_version, data, personal, personal_subject,
            metadata, occurred_at)
         VALUES ${placeholderRows(values.length, EVENT_COLUMNS)}
         RETURNING global_position, stream_position),
       notified AS (SELECT pg_notify($${values.length * EVENT_COLUMNS + 1}, ''))
       SELECT global_position, stream_position FROM appended CROSS JOIN notified`,
      [...values.flat(), this.notifyChannel],
    );
    const positions = new Map(rows.map((row) => [row.stream_position, String(row.global_position)]));
    return recorded.map((event) => ({ ...event, globalPosition: positions.get(event.streamPosition) as string }));
  }

  private translate(error: unknown, uniqueViolations: UniqueViolationMap): unknown {
    if (!(error instanceof QueryFailedError)) return error;
    const driverError = error.driverError as { code?: string; constraint?: string };
    if (driverError.code !== UNIQUE_VIOLATION) return error;
    if (driverError.constraint === STREAM_POSITION_CONSTRAINT) {
      return new DomainError(RequestErrors.CONCURRENT_MODIFICATION);
    }
    return (driverError.constraint && uniqueViolations[driverError.constraint]) || error;
  }
}

export type { EventRow };
