import type { DataOf, EventDefinition, PersonalOf } from '@authsvc/contracts';
import type { RecordedEvent } from './recorded-event.js';

/** Event definitions keyed by their persisted type name: `{ UserRegistered, UserDeleted }`. */
export type EventDefinitions = Readonly<Record<string, EventDefinition<unknown, unknown>>>;

/**
 * A recorded event of the set, discriminated on `type`, so that a `switch (event.type)` over it can end in an
 * exhaustive `never` check. The keys name the types because a definition's own `type` is a plain string.
 */
export type RecordedEventOf<TDefinitions extends EventDefinitions> = {
  readonly [TType in keyof TDefinitions & string]: RecordedEvent<
    DataOf<TDefinitions[TType]>,
    PersonalOf<TDefinitions[TType]>
  > & { readonly type: TType };
}[keyof TDefinitions & string];

/** The events an aggregate records in its streams: the one union its `evolve` switches over. */
export class EventUnion<TDefinitions extends EventDefinitions> {
  constructor(private readonly definitions: TDefinitions) {
    for (const [key, definition] of Object.entries(definitions)) {
      if (key !== definition.type) throw new Error(`event ${definition.type} is listed under the key ${key}`);
    }
  }

  /**
   * The event as a member of the union. An event of any other type throws: a state folded past an event it
   * does not know would decide on a history it misread.
   */
  narrow(event: RecordedEvent): RecordedEventOf<TDefinitions> {
    if (!Object.hasOwn(this.definitions, event.type)) {
      throw new Error(`stream ${event.streamId} holds a ${event.type} event, which its aggregate does not record`);
    }
    return event as RecordedEventOf<TDefinitions>;
  }
}
