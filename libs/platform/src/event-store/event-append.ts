import { randomUUID } from 'node:crypto';
import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import type { EventMetadata } from '@authsvc/contracts';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { rowInsertion, rowUpdate, type RowInsertion, type RowUpdate } from '../database/row-insertion.js';
import { eventStoreAppendDuration } from '../metrics/metrics.js';
import { currentCommand } from '../rpc/command-scope.js';
import { personalSubjectOf, writeAppendStatement } from './append-statement.js';
import { AppliedCommands, commandSlot, countAppend, type CommandSlot } from './applied-commands.js';
import type { EventReader } from './event-reader.js';
import { DATA_KEY_EXISTS, eventKeySubject, type PersonalDataVault } from './personal-data-vault.js';
import type { DirectWrite, InlineProjector } from './projection.js';
import type { CommandContext, PendingEvent, RecordedEvent } from './recorded-event.js';

const UNIQUE_VIOLATION = '23505';
const STREAM_POSITION_CONSTRAINT = 'events_stream_position_unique';

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

/** The outbox relay running in this process, as an append sees it. */
export interface LocalRelay {
  /** Whether it is the replica that publishes (holds the relay lock) right now. */
  readonly leading: boolean;
  /** Tells it that events were committed. */
  nudge(): void;
}

/** A data key the append's statement creates. */
interface CreatedKey {
  readonly subject: string;
  readonly key: Buffer;
}

/**
 * Writes events with their inline projections and the record of the command that made them, atomically (one
 * statement, or one transaction), and then wakes the outbox relay, so that a write is visible to the next read and
 * is published exactly when it is committed.
 */
export class EventAppend {
  private localRelay?: LocalRelay;
  private readonly commands: AppliedCommands;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly vault: PersonalDataVault,
    private readonly projector: InlineProjector,
    private readonly reader: EventReader,
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

  /** Appends, recording the command at `command`'s slot if given, and times the append. */
  async appendRecording(options: AppendOptions, command: CommandSlot | undefined): Promise<RecordedEvent[]> {
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
        writeAppendStatement(manager, {
          schema: this.schema,
          vault: this.vault,
          events: recorded,
          rows: [...this.rowStatements(changes, created), ...applied],
          keys,
          notifyChannel: relay ? undefined : this.notifyChannel,
        });
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
      throw translate(error, options.uniqueViolations ?? {});
    }
  }

  /** The events a command appended at this slot before, if it did. */
  async appliedBefore(slot: CommandSlot): Promise<RecordedEvent[] | undefined> {
    const manager = this.dataSource.manager;
    const rows = await this.commands.earlier(manager, slot);
    return rows.length > 0 ? this.reader.toRecorded(manager, rows) : undefined;
  }

  /** Whether the command being handled is a later attempt of one that already appended (see `EventStore`). */
  async repeatsAppliedCommand(): Promise<boolean> {
    const command = currentCommand();
    return command?.retried === true && (await this.commands.any(this.dataSource.manager, command.commandId));
  }

  /** The outbox relay of this process: appends made while it leads tell it directly instead of by NOTIFY. */
  attachRelay(relay: LocalRelay): void {
    this.localRelay = relay;
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
}

function translate(error: unknown, uniqueViolations: UniqueViolationMap): unknown {
  const constraint = violatedConstraint(error);
  if (constraint === undefined) return error;
  if (constraint === STREAM_POSITION_CONSTRAINT) return new DomainError(RequestErrors.CONCURRENT_MODIFICATION);
  const violated = uniqueViolations[constraint];
  return violated ? new DomainError(violated) : error;
}

/** The unique constraint a failed statement violated, if that is why it failed. */
function violatedConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === UNIQUE_VIOLATION ? driverError.constraint : undefined;
}
