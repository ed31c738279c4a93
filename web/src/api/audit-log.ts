import { authClient } from './auth-client';
import { unwrap } from './api-error';

/** One entry of an audit log (docs/operations.md, "Audit"). */
export interface AuditEntry {
  id: string;
  type: string;
  occurredAt: string;
  actorId: string | null;
  subject: { type: string; id: string };
  organizationId?: string;
  data: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** The two audit logs: every store's for admins, one organization's for its owners and admins. */
export type AuditPath = '/admin/audit' | '/organization/audit';

/** A page of an audit log; the client has no method for these endpoints, so it is asked through its fetch. */
export function fetchAuditPage(path: AuditPath, query: Record<string, string | undefined>): Promise<AuditPage> {
  return unwrap(authClient.$fetch<AuditPage>(path, { method: 'GET', query }));
}
