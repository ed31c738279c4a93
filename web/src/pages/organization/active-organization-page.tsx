import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { AuditSection } from './audit-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { ACTIVE_ORGANIZATION } from './organization-queries';
import { SettingsSection } from './settings-section';
import { TeamsSection } from './teams-section';

const MANAGING_ROLES = ['owner', 'admin'];

/**
 * The session's active organization: its members and teams and, for owners and admins, invitations, its audit log
 * and settings.
 */
export function ActiveOrganizationPage() {
  const { data: session } = authClient.useSession();
  const organization = useQuery({
    queryKey: [...ACTIVE_ORGANIZATION, session?.session.activeOrganizationId],
    queryFn: () => unwrap(authClient.organization.getFullOrganization()),
  });
  if (organization.isPending || !session) return <Loading what="the organization" />;
  const full = organization.data;
  if (!full) {
    return (
      <Page title="No active organization">
        <FormError message={organization.error?.message} />
        <p>
          Choose one of <Link to="/organizations">your organizations</Link>, or create one.
        </p>
      </Page>
    );
  }
  const me = full.members.find((member) => member.userId === session.user.id);
  const myRoles = (me?.role ?? '').split(',').map((role) => role.trim());
  const canManage = myRoles.some((role) => MANAGING_ROLES.includes(role));
  return (
    <Page title={full.name}>
      <p className="hint">
        Slug: {full.slug} · <Link to="/organizations">Switch organization</Link>
      </p>
      <MembersSection
        organizationId={full.id}
        members={full.members}
        myUserId={session.user.id}
        canManage={canManage}
      />
      {canManage && <InvitationsSection organizationId={full.id} invitations={full.invitations} teams={full.teams} />}
      <TeamsSection
        organizationId={full.id}
        teams={full.teams}
        members={full.members}
        myUserId={session.user.id}
        activeTeamId={session.session.activeTeamId}
        canManage={canManage}
      />
      {canManage && <AuditSection organizationId={full.id} members={full.members} />}
      {canManage ? (
        <SettingsSection key={full.id} organization={full} canDelete={myRoles.includes('owner')} />
      ) : (
        <p className="empty">
          Only owners and admins can invite people, change members&apos; roles, manage teams or change the
          organization&apos;s settings.
        </p>
      )}
    </Page>
  );
}
