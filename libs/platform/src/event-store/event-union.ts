import type { DataOf, EventDefinition, PersonalOf } from '@authsvc/contracts';
import type { RecordedEvent } from './recorded-event.js';

/** A list of event definitions, as the contracts declare them: `[UserRegistered, UserDeleted] as const`. */
export type EventDefinitions = readonly EventDefinition<unknown, unknown>[];

/**
 * A recorded event of the list, discriminated on `type`, so that a `switch (event.type)` over it can end in an
 * exhaustive `never` check.
 */
export type RecordedEventOf<TDefinitions extends EventDefinitions> = RecordedMember<TDefinitions[number]>;

/** Distributes over the definitions: one member per declared type name. */
type RecordedMember<TDefinition> =
  TDefinition extends EventDefinition<unknown, unknown, infer TType>
    ? RecordedEvent<DataOf<TDefinition>, PersonalOf<TDefinition>> & { readonly type: TType }
    : never;

/** The events an aggregate records in its streams: the one union its `evolve` switches over. */
export class EventUnion<TDefinitions extends EventDefinitions> {
  private readonly types: ReadonlySet<string>;

  constructor(definitions: TDefinitions) {
    this.types = new Set(definitions.map((definition) => definition.type));
  }

  /**
   * The event as a member of the union. An event of any other type throws: a state folded past an event it
   * does not know would decide on a history it misread.
   */
  narrow(event: RecordedEvent): RecordedEventOf<TDefinitions> {
    if (!this.types.has(event.type)) {
      throw new Error(`stream ${event.streamId} holds a ${event.type} event, which its aggregate does not record`);
    }
    return event as RecordedEventOf<TDefinitions>;
  }
}
