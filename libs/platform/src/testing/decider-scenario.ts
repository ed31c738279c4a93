import type { PendingEvent, RecordedEvent } from '../event-store/recorded-event.js';

/** The three parts of a decider, as its specs drive it. */
export interface Decider<TCommand, TState> {
  decide(command: TCommand, state: TState): readonly PendingEvent[];
  evolve(state: TState, event: RecordedEvent): TState;
  readonly initialState: TState;
}

/** What a command led to, for the spec to assert on. */
export interface DecisionOutcome {
  /** The events decided; rethrows what the decider threw when it refused the command. */
  thenEvents(): readonly PendingEvent[];
  /** What the decider threw; throws when it decided events instead. */
  thenError(): unknown;
}

/** A decider's history, replayed: its state, and the outcome of a command decided on it. */
export interface DeciderScenario<TCommand, TState> {
  readonly state: TState;
  when(command: TCommand): DecisionOutcome;
}

/**
 * given / when / then for deciders: `givenEvents(decider, history).when(command).thenEvents()`. The history is
 * events as a decider returns them; they are evolved as the store would read them back, in order.
 */
export function givenEvents<TCommand, TState>(
  decider: Decider<TCommand, TState>,
  history: readonly PendingEvent[] = [],
): DeciderScenario<TCommand, TState> {
  const state = history
    .map(asRecordedEvent)
    .reduce((current, event) => decider.evolve(current, event), decider.initialState);
  return {
    state,
    when: (command) => {
      const decide = () => decider.decide(command, state);
      return {
        thenEvents: decide,
        thenError: () => {
          let events: readonly PendingEvent[];
          try {
            events = decide();
          } catch (error) {
            return error;
          }
          const types = events.map((event) => event.definition.type).join(', ');
          throw new Error(`expected the command to be refused, but it decided [${types}]`);
        },
      };
    },
  };
}

/** A decided event as the store reads it back at position `index + 1` of its stream. */
export function asRecordedEvent(event: PendingEvent, index: number): RecordedEvent {
  return {
    type: event.definition.type,
    schemaVersion: event.definition.schemaVersion,
    streamId: 'stream-under-test',
    streamPosition: index + 1,
    globalPosition: String(index + 1),
    data: event.data,
    personal: event.personal,
    personalSubject: event.personalSubject,
    metadata: {
      eventId: `event-${index + 1}`,
      correlationId: 'correlation-under-test',
      causationId: null,
      actorId: null,
      occurredAt: '1970-01-01T00:00:00.000Z',
    },
  };
}
