import { AuditLogTable } from '../../components/audit-log-table';
import { ORGANIZATION_AUDIT_TYPES } from '../../lib/audit-types';
import { ACTIVE_ORGANIZATION } from './organization-queries';

/** The organization's audit log, for its owners and admins: who changed its members, invitations and teams. */
export function AuditSection({ organizationId }: { organizationId: string }) {
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <AuditLogTable
        queryKey={ACTIVE_ORGANIZATION}
        path="/organization/audit"
        query={{ organizationId }}
        types={ORGANIZATION_AUDIT_TYPES}
      />
    </section>
  );
}
