import { AuditErrors, DomainError, OrganizationErrors } from '@authsvc/errors';
import { rolesOf } from '../access/organization-roles.js';
import { type Membership } from '../kernel/organization-facts.js';

/** The roles that read their organization's audit log: those who manage its members, invitations and teams. */
const AUDIT_READER_ROLES = ['owner', 'admin'];

/**
 * An organization's audit log names who did what to whom in it: its owners and admins read it; any other member
 * gets 403 (as list-invitations answers one who may not invite), and so does a user who is no member.
 */
export function requireAuditReader(caller: Membership | null): Membership {
  if (!caller) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  if (!rolesOf(caller.role).some((role) => AUDIT_READER_ROLES.includes(role))) {
    throw new DomainError(AuditErrors.YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG);
  }
  return caller;
}
