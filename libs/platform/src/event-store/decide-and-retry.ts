import { DomainError, RequestErrors } from '@authsvc/errors';
import { jitteredBackoffMs, sleep } from '../retry/backoff.js';
import { currentCommand } from '../rpc/command-scope.js';
import { commandSlot, countAppend } from './applied-commands.js';
import type { AppendOptions, EventAppend, UniqueViolationMap } from './event-append.js';
import type { EventReader } from './event-reader.js';
import type { CommandContext, PendingEvent, RecordedEvent } from './recorded-event.js';

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

/**
 * Load, decide, append. When another writer appended to the stream first, the command is decided again on the
 * new state, so racing commands (two clicks, a request and an event reaction) each get the answer the later
 * state gives instead of a conflict. Each way of loading returns the events recorded; none when nothing changed.
 */
export class DecideAndRetry {
  constructor(
    private readonly appender: EventAppend,
    private readonly reader: EventReader,
  ) {}

  /** Decides on the stream's history. */
  execute(command: StreamCommand): Promise<RecordedEvent[]> {
    return this.decideAndAppend(command, async () => {
      const history = await this.reader.readStream(command.streamId);
      return { version: history.length, decide: () => command.decide(history) };
    });
  }

  /**
   * Decides on read models instead of the history: for streams too long to replay on every command (an
   * organization with thousands of members). The stream's version is read before the state, so the state is
   * at least as new as that version; an append made in between makes ours lose the race and decide again.
   * The read models must be inline projections of the stream (written in the append's transaction).
   */
  executeOnState<State>(command: StateCommand<State>): Promise<RecordedEvent[]> {
    return this.decideAndAppend(command, async () => {
      const version = command.startsStream ? 0 : await this.reader.streamVersion(command.streamId);
      const state = await command.load();
      return { version, decide: () => command.decide(state) };
    });
  }

  /**
   * Decides on a state read in the same statement as the stream's version (`rowAtVersion`): one read per
   * decision, for streams that grow with use (a session's refreshes and changes of organization).
   */
  executeOnVersionedState<State>(command: VersionedStateCommand<State>): Promise<RecordedEvent[]> {
    return this.decideAndAppend(command, async () => {
      const { version, state } = await command.load();
      return { version, decide: () => command.decide(state) };
    });
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
        const earlier = slot && (scope.retried || attempt > 1) ? await this.appender.appliedBefore(slot) : undefined;
        if (earlier) return earlier;
        const events = loaded.decide();
        if (events.length === 0) return [];
        try {
          return await this.appender.appendRecording({ ...command, expectedVersion: version, events }, slot);
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
}
