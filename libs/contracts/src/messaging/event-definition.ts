/** Who caused an event and in answer to what; carried by every stored and published event. */
export interface EventMetadata {
  readonly eventId: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly actorId: string | null;
  readonly occurredAt: string;
}

/**
 * A declared event type. `data` holds ids, flags and ISO dates; `personal` holds personal data, stored
 * encrypted under its subject's key so that erasing the key erases it from the append-only store.
 * `personalIsPrivate` keeps the personal part inside the owning service (credentials, session tokens).
 * `personalUntilPublished` makes the personal part readable only until the event is published: it is encrypted
 * under a key of its own, erased once JetStream acknowledged the event (a mailed link that acts for its recipient).
 * `type` is the literal type name, so that a list of definitions is a union discriminated on it.
 */
export interface EventDefinition<TData, TPersonal = null, TType extends string = string> {
  readonly type: TType;
  readonly subject: string;
  readonly schemaVersion: number;
  readonly personalIsPrivate: boolean;
  readonly personalUntilPublished: boolean;
  /**
   * The classes that declare `data` and `personal` with field rules, for events other systems subscribe to: the
   * published JSON Schema of the event is generated from them.
   */
  readonly contract?: EventContract;
  /** Phantom fields: only for type inference, never set. */
  readonly __data?: TData;
  readonly __personal?: TPersonal;
}

/** The classes of an event's payload (see `EventDefinition.contract`). */
export interface EventContract {
  readonly data: new () => object;
  readonly personal?: new () => object;
}

/** Declares an event: `defineEvent<'DoorOpened', { doorId: string }>('DoorOpened', 'door.events.door.opened')`. */
export function defineEvent<const TType extends string, TData, TPersonal = null>(
  type: TType,
  subject: string,
  options: {
    schemaVersion?: number;
    personalIsPrivate?: boolean;
    personalUntilPublished?: boolean;
    contract?: EventContract;
  } = {},
): EventDefinition<TData, TPersonal, TType> {
  return Object.freeze({
    type,
    subject,
    schemaVersion: options.schemaVersion ?? 1,
    personalIsPrivate: options.personalIsPrivate ?? false,
    personalUntilPublished: options.personalUntilPublished ?? false,
    ...(options.contract && { contract: options.contract }),
  });
}

export type DataOf<E> = E extends EventDefinition<infer D, unknown> ? D : never;
export type PersonalOf<E> = E extends EventDefinition<unknown, infer P> ? P : never;

/**
 * An event as it travels on JetStream (`personal` is null once its subject was erased, when private, and when
 * published again after its personal data was erased as `personalUntilPublished` wants).
 */
export interface PublishedEvent<TData = unknown, TPersonal = unknown> {
  readonly type: string;
  readonly schemaVersion: number;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly globalPosition: string;
  readonly data: TData;
  readonly personal: TPersonal | null;
  readonly metadata: EventMetadata;
}
