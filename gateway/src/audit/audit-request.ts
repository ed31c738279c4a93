import { auditFilterOf, auditPageSize, type AuditFilter, type AuditQuery } from '@authsvc/contracts';
import { AuditErrors, DomainError } from '@authsvc/errors';

/** What the stores are asked for an audit query, and the size of the page answered; a bad cursor is a 400. */
export function auditRequestOf(query: AuditQuery): { filter: AuditFilter; pageSize: number } {
  const pageSize = auditPageSize(query.limit);
  const filter = auditFilterOf(query, pageSize);
  if (!filter) throw new DomainError(AuditErrors.INVALID_CURSOR);
  return { filter, pageSize };
}
