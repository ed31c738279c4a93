import { DomainError, RequestErrors } from '@authsvc/errors';
import { jitteredBackoffMs, sleep } from '../retry/backoff.js';
import { currentCommand } from '../rpc/command-scope.js';
import { commandSlot, countAppend } from './applied-commands.js';
import type { AppendOptions, EventAppend, UniqueViolationMap } from './event-append.js';
import type { EventReader } from './event-reader.js';
import type { StateSource } from './state-source.js';
import type { CommandContext, PendingEvent, RecordedEvent } from './recorded-event.js';

/** A command against one stream: its state, and the events it decides on that state (none: nothing to do). */
export interface StreamDecision<State> {
  readonly streamId: string;
  readonly state: StateSource<State>;
  decide(state: State): readonly PendingEvent[];
  readonly context: CommandContext;
  readonly uniqueViolations?: UniqueViolationMap;
  readonly erasePersonalDataOf?: string;
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
 * state gives instead of a conflict.
 */
export class DecideAndRetry {
  constructor(
    private readonly appender: EventAppend,
    private readonly reader: EventReader,
  ) {}

  /** The events recorded; none when nothing changed. */
  async execute<State>(decision: StreamDecision<State>): Promise<RecordedEvent[]> {
    const { state, decide, ...command } = decision;
    return this.decideAndAppend(command, async () => {
      const loaded = await state.at(command.streamId, this.reader);
      return { version: loaded.version, decide: () => decide(loaded.state) };
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
