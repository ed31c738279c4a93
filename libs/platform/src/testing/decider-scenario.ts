import type { PendingEvent, RecordedEvent } from '../event-store/recorded-event.js';
import { givenState, type DeciderScenario } from './state-scenario.js';

/** The three parts of a decider, as its specs drive it. */
export interface Decider<TCommand, TState> {
  decide(command: TCommand, state: TState): readonly PendingEvent[];
  evolve(state: TState, event: RecordedEvent): TState;
  readonly initialState: TState;
}

/**
 * given / when / then for deciders whose state is replayed: `givenEvents(decider, history).when(command).thenEvents()`.
 * The history is events as a decider returns them; they are evolved as the store would read them back, in order.
 */
export function givenEvents<TCommand, TState>(
  decider: Decider<TCommand, TState>,
  history: readonly PendingEvent[] = [],
): DeciderScenario<TCommand, TState> {
  const state = history
    .map(asRecordedEvent)
    .reduce((current, event) => decider.evolve(current, event), decider.initialState);
  return givenState((command: TCommand, replayed: TState) => decider.decide(command, replayed), state);
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
