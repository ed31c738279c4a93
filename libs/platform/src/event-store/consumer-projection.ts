import type { PublishedEvent } from '@authsvc/contracts';

/** What a pure decision on a view says: the view to write (absent: leave it as it is) and a result. */
export interface ViewDecision<View, Result> {
  readonly write?: View;
  readonly result: Result;
}

/**
 * Where a consumer-side read model lives. `update` reads the view under `key`, lets `decide` say what to write,
 * and writes it, atomically per key: two deliveries about one key (a redelivery, another replica) never
 * interleave, so each decides on what the other wrote. `decide` may be called more than once (a store may try
 * an insert from nothing first); the result of the decision it wrote by is returned.
 */
export interface ViewStore<View> {
  update<Result>(key: string, decide: (current: View | null) => ViewDecision<View, Result>): Promise<Result>;
}

/**
 * A read model a service keeps of another service's published events, declared like an inline projection:
 * the events it handles, the key of the view an event is about (null: none), and a pure `evolve` saying what
 * the event does to the view and what the consumer should do about it (`result`). Events arrive at least once
 * and in any order, so `evolve` must answer a copy it has taken in already from the view it wrote then (the
 * view keeps what it needs to recognise one, such as the last position applied).
 */
export interface ConsumerProjection<View, Outcome> {
  readonly handles: readonly string[];
  key(event: PublishedEvent): string | null;
  evolve(view: View | null, event: PublishedEvent): ViewDecision<View, Outcome>;
}

/** An event applied to its view: the view's key, the view before the event, and the projection's outcome. */
export interface ProjectedEvent<View, Outcome> {
  readonly key: string;
  readonly previous: View | null;
  readonly outcome: Outcome;
}

/**
 * Applies a consumer-side projection through its store. The consumer acknowledges an event once `apply` and
 * its own reaction to the outcome succeeded; after a throw the event is delivered again and evolved from the
 * view the first delivery wrote, so it writes the same view and the reaction runs again (it is idempotent too).
 */
export class ConsumerProjector<View, Outcome> {
  constructor(
    private readonly projection: ConsumerProjection<View, Outcome>,
    private readonly store: ViewStore<View>,
  ) {}

  /** Null when the projection does not handle the event. */
  async apply(event: PublishedEvent): Promise<ProjectedEvent<View, Outcome> | null> {
    if (!this.projection.handles.includes(event.type)) return null;
    const key = this.projection.key(event);
    if (key === null) return null;
    return this.store.update(key, (previous) => {
      const { write, result } = this.projection.evolve(previous, event);
      return { write, result: { key, previous, outcome: result } };
    });
  }
}
