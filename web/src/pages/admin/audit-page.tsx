import { Link } from 'react-router';
import { AuditLogTable } from '../../components/audit-log-table';
import { Page } from '../../components/page';
import { ADMIN_AUDIT_TYPES } from '../../lib/audit-types';
import { ADMIN } from './admin-queries';

/** `/admin/audit`: who did what to whom, from every service's events; users link to their page. */
export function AuditPage() {
  return (
    <Page title="Audit log">
      <p>
        <Link to="/admin">Back to the users</Link>
      </p>
      <AuditLogTable
        queryKey={ADMIN}
        path="/admin/audit"
        types={ADMIN_AUDIT_TYPES}
        renderId={(id, kind) =>
          kind === 'user' ? (
            <Link className="audit-id" to={`/admin/users/${id}`}>
              {id}
            </Link>
          ) : (
            <span className="audit-id">{id}</span>
          )
        }
      />
    </Page>
  );
}
