import type { AuditEntry } from './audit-entry.js';

/** Where a page ends: the time and event id of its last entry; the next page starts strictly after it. */
export interface AuditPosition {
  readonly occurredAt: string;
  readonly id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The opaque cursor of the page after `entry`. */
export function auditCursorAfter(entry: Pick<AuditEntry, 'occurredAt' | 'id'>): string {
  return Buffer.from(`${entry.occurredAt} ${entry.id}`).toString('base64url');
}

/** The position a cursor names; undefined for anything no page answered. */
export function auditPositionOf(cursor: string): AuditPosition | undefined {
  const [occurredAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split(' ');
  if (rest.length > 0 || !occurredAt || !id || !ISO_TIME.test(occurredAt) || !UUID.test(id)) return undefined;
  return Number.isNaN(Date.parse(occurredAt)) ? undefined : { occurredAt, id };
}
