import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { ORGANIZATIONS, useRefreshOrganizations } from './organization-queries';

/** The user's organizations; one of them may be the active one, which the organization screens show. */
export function OrganizationsPage() {
  const { data: session } = authClient.useSession();
  const organizations = useQuery({ queryKey: ORGANIZATIONS, queryFn: () => unwrap(authClient.organization.list()) });
  const refresh = useRefreshOrganizations();
  const switchTo = useMutation({
    mutationFn: (organizationId: string) => unwrap(authClient.organization.setActive({ organizationId })),
    onSuccess: refresh,
  });
  const activeId = session?.session.activeOrganizationId;
  return (
    <Page title="Organizations">
      <p>
        <Link to="/organizations/new" className="button-link">
          Create an organization
        </Link>
      </p>
      <FormError message={organizations.error?.message ?? switchTo.error?.message} />
      {organizations.isPending ? (
        <Loading what="your organizations" />
      ) : organizations.data?.length ? (
        <ul className="cards" aria-label="Your organizations">
          {organizations.data.map((organization) => (
            <li key={organization.id} className="card" aria-label={organization.name}>
              <h2>
                {organization.name} {organization.id === activeId && <span className="badge">Active</span>}
              </h2>
              <p className="hint">{organization.slug}</p>
              {organization.id === activeId ? (
                <Link to="/organization">Open</Link>
              ) : (
                <button type="button" onClick={() => switchTo.mutate(organization.id)} disabled={switchTo.isPending}>
                  Switch to {organization.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">You are not a member of any organization yet.</p>
      )}
    </Page>
  );
}
