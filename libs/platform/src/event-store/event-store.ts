import { randomUUID } from 'node:crypto';
import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import type { EventMetadata } from '@authsvc/contracts';
import { QueryFailedError, type DataSource, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import { rowInsertion, rowUpdate, type RowInsertion, type RowUpdate } from '../database/row-insertion.js';
import { eventStoreAppendDuration } from '../metrics/metrics.js';
import type { DirectWrite, InlineProjector } from './projection.js';
import { readRowAtVersion, type RowAtVersion } from './row-at-version.js';
import { DATA_KEY_EXISTS, eventKeySubject, type PersonalDataVault } from './personal-data-vault.js';
import type { CommandContext, PendingEvent, RecordedEvent } from './recorded-event.js';
import { currentCommand } from '../rpc/command-scope.js';
import { jitteredBackoffMs, sleep } from '../retry/backoff.js';
import { AppliedCommands, commandSlot, countAppend, type CommandSlot } from './applied-commands.js';

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

/**
 * Maps a uniqueness rule of a read model (by constraint name) to the catalogue error it means. Definitions, not
 * errors: an error built for every append would capture a stack trace that almost every append throws away.
 */
export type UniqueViolationMap = Readonly<Record<string, ErrorDefinition>>;

export interface AppendOptions {
  readonly streamId: string;
  /** The stream version the decision was made on (0 for a new stream). */
  readonly expectedVersion: number;
  readonly events: readonly PendingEvent[];
  readonly context: CommandContext;
  readonly uniqueViolations?: UniqueViolationMap;
  /** Destroys this subject's data key in the same transaction: its personal data becomes unreadable everywhere. */
  readonly erasePersonalDataOf?: string;
  /**
   * A subject that comes into being with this append (a new user): its data key is created in the append's own
   * statement instead of one before it. Should it have a key after all, the append is made with that key.
   */
  readonly introducesSubject?: string;
}

/** A data key the append's statement creates. */
interface CreatedKey {
  readonly subject: string;
  readonly key: Buffer;
}

/** A command against one stream: decide the new events from its history (none: nothing to do). */
export interface StreamCommand {
  readonly streamId: string;
  decide(history: readonly RecordedEvent[]): readonly PendingEvent[];
  readonly context: CommandContext;
  readonly uniqueViolations?: UniqueViolationMap;
  readonly erasePersonalDataOf?: string;
}

/** A command decided on a state loaded from read models (see `EventStore.executeOnState`). */
export interface StateCommand<State> {
  readonly streamId: string;
  /** The command starts the stream (its id was made for it): version 0, not read. */
  readonly startsStream?: boolean;
  load(): Promise<State>;
  decide(state: State): readonly PendingEvent[];
  readonly context: CommandContext;
  readonly uniqueViolations?: UniqueViolationMap;
  readonly erasePersonalDataOf?: string;
}

/** A decision's state and the version of the stream it stands at, read in one statement. */
export interface StateAtVersion<State> {
  readonly version: number;
  readonly state: State;
}

/** A command decided on a state read together with its stream's version (see `EventStore.executeOnVersionedState`). */
export interface VersionedStateCommand<State> extends Omit<StateCommand<State>, 'load' | 'startsStream'> {
  load(): Promise<StateAtVersion<State>>;
}

/**
 * A command that lost the race for its stream is decided again, after a random pause that grows with each loss so
 * that writers racing on one stream (replicas writing one organization) spread out instead of colliding again.
 */
const DECIDE_ATTEMPTS = 12;
const DECIDE_BACKOFF = { baseMs: 5, capMs: 250 };

/** The outbox relay running in this process, as an append sees it. */
export interface LocalRelay {
  /** Whether it is the replica that publishes (holds the relay lock) right now. */
  readonly leading: boolean;
  /** Tells it that events were committed. */
  nudge(): void;
}

/** The subject whose key encrypts the event's personal data, if it has any. */
function personalSubjectOf(event: Pick<PendingEvent, 'personal' | 'personalSubject'>): string[] {
  return event.personal !== null && event.personalSubject ? [event.personalSubject] : [];
}

/**
 * Append-only Postgres event store of one service schema. An append writes the events and applies the inline
 * projections atomically (one statement, or one transaction) and then wakes the outbox relay, so that a write is
 * visible to the next read and is published exactly when it is committed.
 */
export class EventStore {
  private localRelay?: LocalRelay;
  private readonly commands: AppliedCommands;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly vault: PersonalDataVault,
    private readonly projector: InlineProjector,
  ) {
    this.commands = new AppliedCommands(schema);
  }

  /**
   * When no read model change of the events needs the current row (a row they start, such as a new session, or
   * columns they set by key, such as a refreshed expiry), the events, those changes and the relay's notification
   * go in one statement, atomic without a transaction around it; otherwise the projections read the current rows
   * inside a transaction. Existing data keys are fetched (or
   * made) first: a key left behind by an append that then fails protects nothing and harms nothing.
   *
   * Made for a request/reply command (`CommandScope`), the append records the command with its events; a repeat of
   * the command gets the events the first attempt appended instead of appending again (see `AppliedCommands`).
   */
  async append(options: AppendOptions): Promise<RecordedEvent[]> {
    const command = currentCommand();
    if (!command) return this.appendRecording(options, undefined);
    const slot = commandSlot(command, options.streamId, options.expectedVersion);
    try {
      const earlier = command.retried ? await this.appliedBefore(slot) : undefined;
      return earlier ?? (await this.appendRecording(options, slot));
    } finally {
      countAppend(command, options.streamId, options.expectedVersion);
    }
  }

  private async appendRecording(options: AppendOptions, command: CommandSlot | undefined): Promise<RecordedEvent[]> {
    const timer = eventStoreAppendDuration.startTimer();
    try {
      return await this.appendTimed(options, command);
    } finally {
      timer();
    }
  }

  private async appendTimed(options: AppendOptions, command: CommandSlot | undefined): Promise<RecordedEvent[]> {
    // The relay leading in this process is told in memory once the append committed; any other relay learns of
    // it by NOTIFY (a wake-up of a Postgres backend and of the relay's process that a local relay is spared).
    const relay = this.localRelay?.leading ? this.localRelay : undefined;
    const recorded = this.record(options);
    const introduced = this.introducedKey(options, recorded);
    const created = [...(introduced ? [introduced] : []), ...this.eventKeys(options, recorded)];
    try {
      const creating = new Set(created.map((key) => key.subject));
      const keys = await this.vault.keysFor(
        this.dataSource.manager,
        recorded.flatMap(personalSubjectOf).filter((subject) => !creating.has(subject)),
      );
      for (const { subject, key } of created) keys.set(subject, key);
      const direct = options.erasePersonalDataOf ? null : this.projector.directWrites(recorded);
      const applied = command && recorded.length > 0 ? [this.commands.insertion(command, recorded)] : [];
      const write = (manager: EntityManager, changes: readonly DirectWrite[]) =>
        this.write(manager, recorded, [...this.rowStatements(changes, created), ...applied], keys, !relay);
      const appended = direct
        ? await write(this.dataSource.manager, direct)
        : await this.dataSource.transaction(async (manager) => {
            const events = await write(manager, []);
            await this.projector.apply(manager, events);
            if (options.erasePersonalDataOf) await this.vault.erase(manager, options.erasePersonalDataOf);
            return events;
          });
      if (introduced) this.vault.keep(introduced.subject, introduced.key);
      relay?.nudge();
      return appended;
    } catch (error) {
      const violated = violatedConstraint(error);
      if (introduced && violated === DATA_KEY_EXISTS) {
        return this.appendTimed({ ...options, introducesSubject: undefined }, command);
      }
      // Another attempt of the same command may have committed first (on another replica): its events answer.
      const earlier = command && violated !== undefined ? await this.appliedBefore(command) : undefined;
      if (earlier) return earlier;
      throw this.translate(error, options.uniqueViolations ?? {});
    }
  }

  /**
   * Load, decide, append. When another writer appended to the stream first, the command is decided again
   * on the new history, so racing commands (two clicks, a request and an event reaction) each get the
   * answer the later state gives instead of a conflict. The events recorded; none when nothing changed.
   */
  execute(command: StreamCommand): Promise<RecordedEvent[]> {
    return this.decideAndAppend(command, async () => {
      const history = await this.readStream(command.streamId);
      return { version: history.length, decide: () => command.decide(history) };
    });
  }

  /**
   * Decide on read models instead of the history: for streams too long to replay on every command (an
   * organization with thousands of members). The stream's version is read before the state, so the state is
   * at least as new as that version; an append made in between makes ours lose the race and decide again.
   * The read models must be inline projections of the stream (written in the append's transaction).
   */
  executeOnState<State>(command: StateCommand<State>): Promise<RecordedEvent[]> {
    return this.decideAndAppend(command, async () => {
      const version = command.startsStream ? 0 : await this.streamVersion(command.streamId);
      const state = await command.load();
      return { version, decide: () => command.decide(state) };
    });
  }

  /**
   * Decide on a state read in the same statement as the stream's version (`rowAtVersion`): one read per
   * decision, for streams that grow with use (a session's refreshes and changes of organization).
   */
  executeOnVersionedState<State>(command: VersionedStateCommand<State>): Promise<RecordedEvent[]> {
    return this.decideAndAppend(command, async () => {
      const { version, state } = await command.load();
      return { version, decide: () => command.decide(state) };
    });
  }

  /** A row of an inline projection of the stream, with the stream's version, in one statement. */
  rowAtVersion<Row extends ObjectLiteral>(
    streamId: string,
    entity: EntityTarget<Row>,
    key: Partial<Row>,
  ): Promise<RowAtVersion<Row>> {
    return readRowAtVersion(this.dataSource.manager, this.schema, streamId, entity, key);
  }

  /** The position of the stream's last event; 0 for a stream without events. */
  async streamVersion(streamId: string): Promise<number> {
    const [row] = await preparedQuery<{ version: number | null }>(
      this.dataSource.manager,
      `SELECT max(stream_position) AS version FROM "${this.schema}".events WHERE stream_id = $1`,
      [streamId],
    );
    return row?.version ?? 0;
  }

  /**
   * A repeated command (or one that lost a race, possibly to an earlier attempt of itself) first looks for the
   * events it appended before, on the state just loaded and before deciding: decided again, it could be refused
   * by its own first effect (an invitation already sent).
   */
  private async decideAndAppend(
    command: Omit<AppendOptions, 'expectedVersion' | 'events'>,
    load: () => Promise<{ version: number; decide: () => readonly PendingEvent[] }>,
  ): Promise<RecordedEvent[]> {
    const scope = currentCommand();
    let version = -1;
    try {
      for (let attempt = 1; ; attempt++) {
        const loaded = await load();
        version = loaded.version;
        const slot = scope && commandSlot(scope, command.streamId, version);
        const earlier = slot && (scope.retried || attempt > 1) ? await this.appliedBefore(slot) : undefined;
        if (earlier) return earlier;
        const events = loaded.decide();
        if (events.length === 0) return [];
        try {
          return await this.appendRecording({ ...command, expectedVersion: version, events }, slot);
        } catch (error) {
          const lostRace = error instanceof DomainError && error.code === RequestErrors.CONCURRENT_MODIFICATION.code;
          if (!lostRace || attempt === DECIDE_ATTEMPTS) throw error;
          await sleep(jitteredBackoffMs(attempt, DECIDE_BACKOFF));
        }
      }
    } finally {
      if (scope) countAppend(scope, command.streamId, version);
    }
  }

  /**
   * Whether the command being handled is a later attempt of one that already appended. A handler that refuses
   * early from a read model (an email already taken, checked before the costly hash) asks first: its own first
   * attempt's effect must not refuse it; the append then answers with the first attempt's events.
   */
  async repeatsAppliedCommand(): Promise<boolean> {
    const command = currentCommand();
    return command?.retried === true && (await this.commands.any(this.dataSource.manager, command.commandId));
  }

  /** The events a command appended at this slot before, if it did. */
  private async appliedBefore(slot: CommandSlot): Promise<RecordedEvent[] | undefined> {
    const manager = this.dataSource.manager;
    const rows = await this.commands.earlier(manager, slot);
    return rows.length > 0 ? this.toRecorded(manager, rows) : undefined;
  }

  /** The outbox relay of this process: appends made while it leads tell it directly instead of by NOTIFY. */
  attachRelay(relay: LocalRelay): void {
    this.localRelay = relay;
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

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const manager = this.dataSource.manager;
    const rows = await preparedQuery<EventRow>(
      manager,
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
        row.personal && row.personal_subject
          ? this.vault.decrypt(keys, row.personal_subject, row.personal, {
              streamId: row.stream_id,
              streamPosition: row.stream_position,
              type: row.type,
            })
          : null,
      personalSubject: row.personal_subject,
      metadata: row.metadata,
    }));
  }

  get notifyChannel(): string {
    return `${this.schema}_events`;
  }

  /** The events as they will be recorded, their global positions still to be assigned. */
  private record(options: AppendOptions): RecordedEvent[] {
    const { context } = options;
    let causationId = context.causationId ?? null;
    return options.events.map((event, index) => {
      const metadata: EventMetadata = {
        eventId: randomUUID(),
        correlationId: context.correlationId,
        causationId,
        actorId: context.actorId ?? null,
        occurredAt: context.now.toISOString(),
      };
      causationId = metadata.eventId;
      const ownKey = event.definition.personalUntilPublished && event.personalSubject;
      return {
        type: event.definition.type,
        schemaVersion: event.definition.schemaVersion,
        streamId: options.streamId,
        streamPosition: options.expectedVersion + index + 1,
        globalPosition: '',
        data: event.data,
        personal: event.personal,
        personalSubject: ownKey ? eventKeySubject(ownKey, metadata.eventId) : event.personalSubject,
        metadata,
      };
    });
  }

  /** The key of the subject the append introduces, when its events have personal data of that subject. */
  private introducedKey(options: AppendOptions, recorded: readonly RecordedEvent[]): CreatedKey | undefined {
    const subject = options.introducesSubject;
    const used = subject !== undefined && recorded.some((event) => personalSubjectOf(event).includes(subject));
    return used ? { subject, key: this.vault.createKey() } : undefined;
  }

  /** A key of its own for each event whose personal data is readable only until it is published. */
  private eventKeys(options: AppendOptions, recorded: readonly RecordedEvent[]): CreatedKey[] {
    return recorded.flatMap((event, index) =>
      options.events[index].definition.personalUntilPublished
        ? personalSubjectOf(event).map((subject) => ({ subject, key: this.vault.createKey() }))
        : [],
    );
  }

  /** What an append's statement writes beside its events: the read model changes, and created keys. */
  private rowStatements(changes: readonly DirectWrite[], created: readonly CreatedKey[]): (RowInsertion | RowUpdate)[] {
    const { manager } = this.dataSource;
    const rows = changes.map((change) =>
      'row' in change
        ? rowInsertion(manager, change.entity, change.row)
        : rowUpdate(manager, change.entity, change.key, change.values),
    );
    return [...rows, ...created.map(({ subject, key }) => this.vault.keyInsertion(subject, key))];
  }

  /**
   * One statement: the events (personal data encrypted), the given rows, and, with `notify`, the relay's signal
   * (Postgres delivers the notification at commit, once per transaction). The events with their positions.
   */
  private async write(
    manager: EntityManager,
    events: readonly RecordedEvent[],
    rows: readonly (RowInsertion | RowUpdate)[],
    keys: ReadonlyMap<string, Buffer>,
    notify: boolean,
  ): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    const parameters: unknown[] = [];
    const placeholders = (values: readonly unknown[]) =>
      `(${values.map((value) => `$${parameters.push(value)}`).join(', ')})`;
    const eventRows = events.map((event) => {
      const [subject] = personalSubjectOf(event);
      const key = subject === undefined ? undefined : keys.get(subject);
      const personal = key ? this.vault.encrypt(key, event.personal, event) : null;
      return placeholders([
        event.metadata.eventId,
        event.streamId,
        event.streamPosition,
        event.type,
        event.schemaVersion,
        JSON.stringify(event.data),
        personal,
        personal ? event.personalSubject : null,
        JSON.stringify(event.metadata),
        event.metadata.occurredAt,
      ]);
    });
    const assignments = (pairs: RowUpdate['set'], separator: string) =>
      pairs.map(([column, value]) => `${column} = $${parameters.push(value)}`).join(separator);
    const rowInserts = rows.map(
      (row, index) =>
        `, row_${index} AS (${
          'columns' in row
            ? `INSERT INTO ${row.table} (${row.columns}) VALUES ${placeholders(row.values)}`
            : `UPDATE ${row.table} SET ${assignments(row.set, ', ')} WHERE ${assignments(row.where, ' AND ')}`
        })`,
    );
    const notification = notify ? `, notified AS (SELECT pg_notify($${parameters.push(this.notifyChannel)}, ''))` : '';
    const written = await preparedQuery<{ global_position: string; stream_position: number }>(
      manager,
      `WITH appended AS (
         INSERT INTO "${this.schema}".events
           (event_id, stream_id, stream_position, type, schema_version, data, personal, personal_subject,
            metadata, occurred_at)
         VALUES ${eventRows.join(', ')}
         RETURNING global_position, stream_position)
       ${rowInserts.join('\n')}
       ${notification}
       SELECT global_position, stream_position FROM appended${notify ? ' CROSS JOIN notified' : ''}`,
      parameters,
    );
    const positions = new Map(written.map((row) => [row.stream_position, String(row.global_position)]));
    return events.map((event) => ({ ...event, globalPosition: positions.get(event.streamPosition) as string }));
  }

  private translate(error: unknown, uniqueViolations: UniqueViolationMap): unknown {
    const constraint = violatedConstraint(error);
    if (constraint === undefined) return error;
    if (constraint === STREAM_POSITION_CONSTRAINT) return new DomainError(RequestErrors.CONCURRENT_MODIFICATION);
    const violated = uniqueViolations[constraint];
    return violated ? new DomainError(violated) : error;
  }
}

/** The unique constraint a failed statement violated, if that is why it failed. */
function violatedConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? driverError.constraint : undefined;
}

export type { EventRow };
