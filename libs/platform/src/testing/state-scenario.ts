import type { PendingEvent } from '../event-store/recorded-event.js';

/** What a command led to, for the spec to assert on. */
export interface DecisionOutcome {
  /** The events decided; rethrows what the decider threw when it refused the command. */
  thenEvents(): readonly PendingEvent[];
  /** What the decider threw; throws when it decided events instead. */
  thenError(): unknown;
}

/** A decider's state, and the outcome of a command decided on it. */
export interface DeciderScenario<TCommand, TState> {
  readonly state: TState;
  when(command: TCommand): DecisionOutcome;
}

type Decide<TCommand, TState> = (command: TCommand, state: TState) => readonly PendingEvent[];
type DecideUnder<TCommand, TState, TRules> = (
  command: TCommand,
  state: TState,
  rules: TRules,
) => readonly PendingEvent[];

/**
 * given / when / then for deciders whose state is loaded from rows rather than replayed:
 * `givenState(decideX, state, rules?).when(command).thenEvents()`. `rules` (a decider's configuration) is passed
 * to every decision, so a decider that takes rules cannot be driven without them.
 */
export function givenState<TCommand, TState>(
  decide: Decide<TCommand, TState>,
  state: TState,
): DeciderScenario<TCommand, TState>;
export function givenState<TCommand, TState, TRules>(
  decide: DecideUnder<TCommand, TState, TRules>,
  state: TState,
  rules: TRules,
): DeciderScenario<TCommand, TState>;
export function givenState<TCommand, TState, TRules>(
  decide: DecideUnder<TCommand, TState, TRules | undefined>,
  state: TState,
  rules?: TRules,
): DeciderScenario<TCommand, TState> {
  return { state, when: (command) => outcomeOf(() => decide(command, state, rules)) };
}

/** The outcome of a decision, taken anew by each expectation (a decider is pure, so each takes the same one). */
function outcomeOf(decision: () => readonly PendingEvent[]): DecisionOutcome {
  return {
    thenEvents: decision,
    thenError: () => {
      let events: readonly PendingEvent[];
      try {
        events = decision();
      } catch (error) {
        return error;
      }
      const types = events.map((event) => event.definition.type).join(', ');
      throw new Error(`expected the command to be refused, but it decided [${types}]`);
    },
  };
}
