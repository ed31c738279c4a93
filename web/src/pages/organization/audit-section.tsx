import { AuditLogTable } from '../../components/audit-log-table';
import { ORGANIZATION_AUDIT_TYPES } from '../../lib/audit-types';
import type { MemberRow } from './members-section';
import { ACTIVE_ORGANIZATION } from './organization-queries';

interface AuditSectionProps {
  organizationId: string;
  /** Today's members: a user who is one shows by name; others (former members, invitees) by id. */
  members: readonly MemberRow[];
}

/** The organization's audit log, for its owners and admins: who changed its members, invitations and teams. */
export function AuditSection({ organizationId, members }: AuditSectionProps) {
  const names = new Map(members.map((member) => [member.userId, member.user.name]));
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <AuditLogTable
        queryKey={ACTIVE_ORGANIZATION}
        path="/organization/audit"
        query={{ organizationId }}
        types={ORGANIZATION_AUDIT_TYPES}
        renderId={(id, kind) => (kind === 'user' && names.get(id)) || <span className="audit-id">{id}</span>}
      />
    </section>
  );
}
