import { defineRpc } from '../messaging/rpc-definition.js';
import type { AuditEntry } from './audit-entry.js';
import { ListAuditEntriesRequest, ListOrganizationAuditRequest } from './audit.requests.js';

// WARNING: persisted names (subjects), do not rename.
/**
 * Each service answers the audit entries of its own event store, newest first, its first `limit` after the
 * position asked; the gateway merges stores where an endpoint spans several.
 */
export const AuditRpc = {
  identity: defineRpc<ListAuditEntriesRequest, AuditEntry[]>('identity.rpc.audit.list', ListAuditEntriesRequest),
  session: defineRpc<ListAuditEntriesRequest, AuditEntry[]>('session.rpc.audit.list', ListAuditEntriesRequest),
  organization: defineRpc<ListAuditEntriesRequest, AuditEntry[]>(
    'organization.rpc.audit.list',
    ListAuditEntriesRequest,
  ),
  /** One organization's entries, for its owners and admins (the organization service checks the caller's role). */
  ofOrganization: defineRpc<ListOrganizationAuditRequest, AuditEntry[]>(
    'organization.rpc.audit.list-for-organization',
    ListOrganizationAuditRequest,
  ),
} as const;
