import type { DataOf, EventDefinition } from '../messaging/event-definition.js';
import type { AuditEntry, AuditSubject } from './audit-entry.js';

/**
 * For every event type of a store, the fields of its data an audit entry may show, or null when the type is no
 * fact an auditor reads (refreshes, mail requests' links). Typed over the store's event union, so a new event type
 * does not compile until someone decides what of it is shown.
 */
export type AuditAllowList<Events extends readonly EventDefinition<unknown, unknown, string>[]> = {
  readonly [E in Events[number] as E['type']]: readonly Extract<keyof DataOf<E>, string>[] | null;
};

/** How one service's events become audit entries. */
export interface AuditCatalog {
  /**
   * What an event is about: the first of these data fields it holds, as a subject of that type. The SQL of the
   * subject filter (and its index) is the same `coalesce` over these fields, in this order.
   */
  readonly subjects: readonly (readonly [type: string, field: string])[];
  readonly fields: Readonly<Record<string, readonly string[] | null>>;
}

/** An event as the audit log reads it from a store. */
export interface AuditedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly actorId: string | null;
  readonly data: Readonly<Record<string, unknown>>;
}

/** The event types of the catalogue that are audited. */
export function auditedTypes(catalog: AuditCatalog): string[] {
  return Object.entries(catalog.fields).flatMap(([type, fields]) => (fields ? [type] : []));
}

/** The subject of an event's data, by the catalogue's precedence; undefined when it holds none of its fields. */
export function auditSubjectOf(
  catalog: AuditCatalog,
  data: Readonly<Record<string, unknown>>,
): AuditSubject | undefined {
  for (const [type, field] of catalog.subjects) {
    const id = data[field];
    if (typeof id === 'string') return { type, id };
  }
  return undefined;
}

/** The SQL expression of an event row's subject id (`data` being the row's jsonb column). */
export function auditSubjectSql(catalog: AuditCatalog): string {
  return `coalesce(${catalog.subjects.map(([, field]) => `data->>'${field}'`).join(', ')})`;
}

/** The entry of an audited event: only the allow-listed fields of its data, the organization when it has one. */
export function toAuditEntry(catalog: AuditCatalog, event: AuditedEvent): AuditEntry {
  const allowed = catalog.fields[event.type] ?? [];
  const data = Object.fromEntries(
    allowed.filter((field) => field in event.data).map((field) => [field, event.data[field]]),
  );
  const organizationId = event.data.organizationId;
  return {
    id: event.eventId,
    type: event.type,
    occurredAt: event.occurredAt,
    actorId: event.actorId,
    subject: auditSubjectOf(catalog, event.data) ?? { type: 'unknown', id: '' },
    ...(typeof organizationId === 'string' && { organizationId }),
    data,
  };
}
