import { auditPositionOf } from './audit-cursor.js';
import { AUDIT_PAGE_SIZE } from './audit-entry.js';
import type { AuditFilter, AuditQuery } from './audit.requests.js';

/** The page size a query asks for: the default when absent, within 1 and the maximum. */
export function auditPageSize(limit: string | undefined): number {
  if (limit === undefined) return AUDIT_PAGE_SIZE.default;
  return Math.min(Math.max(Number(limit), 1), AUDIT_PAGE_SIZE.max);
}

/**
 * What each store is asked for a page of `pageSize` entries: one more than the page, which tells whether a next
 * page exists. Undefined when the query's cursor is none a page answered.
 */
export function auditFilterOf(query: AuditQuery, pageSize: number): AuditFilter | undefined {
  const position = query.cursor === undefined ? null : auditPositionOf(query.cursor);
  if (position === undefined) return undefined;
  return {
    actor: query.actorId,
    subject: query.subjectId,
    types: query.type?.split(','),
    from: query.from,
    to: query.to,
    limit: pageSize + 1,
    afterTime: position?.occurredAt,
    afterId: position?.id,
  };
}
