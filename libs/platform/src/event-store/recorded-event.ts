import type { EventDefinition, PublishedEvent } from '@authsvc/contracts';

/** An event about to be appended: its declared type, its data, and personal data with its subject. */
export interface PendingEvent {
  readonly definition: EventDefinition<unknown, unknown>;
  readonly data: unknown;
  readonly personal: unknown;
  /** Whose key encrypts `personal` (usually the user id). */
  readonly personalSubject: string | null;
}

/** Builds a pending event with the payload types its definition declares. */
export function pendingEvent<TData, TPersonal>(
  definition: EventDefinition<TData, TPersonal>,
  data: TData,
  ...personal: TPersonal extends null ? [] : [personal: TPersonal, subject: string]
): PendingEvent {
  return {
    definition: definition as EventDefinition<unknown, unknown>,
    data,
    personal: personal[0] ?? null,
    personalSubject: personal[1] ?? null,
  };
}

/** An event as read back from the store (personal data decrypted, or null once erased), with whose key it was. */
export interface RecordedEvent<TData = unknown, TPersonal = unknown> extends PublishedEvent<TData, TPersonal> {
  readonly personalSubject: string | null;
}

/** Narrows a recorded event to one declared type. */
export function isEvent<TData, TPersonal>(
  event: RecordedEvent,
  definition: EventDefinition<TData, TPersonal>,
): event is RecordedEvent<TData, TPersonal> {
  return event.type === definition.type;
}

/** What a command brings to every event it causes. */
export interface CommandContext {
  readonly correlationId: string;
  readonly causationId?: string | null;
  readonly actorId?: string | null;
  readonly now: Date;
}
