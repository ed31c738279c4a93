/** What an audit entry is about: a user, a session's user, an organization, an invitation, a team, a signing key. */
export interface AuditSubject {
  readonly type: string;
  readonly id: string;
}

/**
 * One recorded fact as the audit log answers it: the event's type, time and actor (a user id, null for the
 * system), what it is about, and an allow-listed summary of its data (ids, roles, reasons; never a secret, a token,
 * a hash or personal data).
 */
export interface AuditEntry {
  /** The event's id (unique across every service's store). */
  readonly id: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly actorId: string | null;
  readonly subject: AuditSubject;
  readonly organizationId?: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A page of the audit log, newest first; `nextCursor` reads the page after it, null on the last page. */
export interface AuditPage {
  readonly entries: AuditEntry[];
  readonly nextCursor: string | null;
}

/** Entries per page unless the query asks for another number, and the most a page holds. */
export const AUDIT_PAGE_SIZE = { default: 50, max: 200 } as const;

/**
 * The order of the log: newest first, then by event id (descending), so that entries of one instant from several
 * stores have one order every reader agrees on.
 */
export function compareAuditEntries(
  a: Pick<AuditEntry, 'occurredAt' | 'id'>,
  b: Pick<AuditEntry, 'occurredAt' | 'id'>,
): number {
  const byTime = Date.parse(b.occurredAt) - Date.parse(a.occurredAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
