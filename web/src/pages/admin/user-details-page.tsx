import { Link, useParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { FormError } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { useAdminUser } from './admin-queries';
import { UserBanSection } from './user-ban-section';
import { banDescription, dateTime, rolesOf } from './user-display';
import { UserFactorsSection } from './user-factors-section';
import { UserImpersonateSection } from './user-impersonate-section';
import { UserPasswordSection } from './user-password-section';
import { UserRemoveSection } from './user-remove-section';
import { UserRoleSection } from './user-role-section';
import { UserSessionsSection } from './user-sessions-section';

/** `/admin/users/:id`: who the user is, their sessions, and what an admin may do to them. */
export function UserDetailsPage() {
  const { id = '' } = useParams();
  const { data: session } = authClient.useSession();
  const user = useAdminUser(id);
  if (user.isPending) return <Loading what="the user" />;
  if (!user.data) {
    return (
      <Page title="User not found" narrow>
        <FormError message={user.error?.message} />
        <p>
          Back to <Link to="/admin">the users</Link>.
        </p>
      </Page>
    );
  }
  const shown = user.data;
  // An admin may not ban, impersonate or remove themself (the server refuses too): those sections are left out.
  const isMe = shown.id === session?.user.id;
  return (
    <Page title={shown.name}>
      <p>
        <Link to="/admin">Back to users</Link>
      </p>
      <dl className="facts" aria-label="Account">
        <dt>Email</dt>
        <dd>
          {shown.email} {shown.emailVerified ? '(verified)' : '(not verified)'}
        </dd>
        <dt>Role</dt>
        <dd>{rolesOf(shown).join(', ')}</dd>
        <dt>Status</dt>
        <dd>{banDescription(shown)}</dd>
        <dt>Created</dt>
        <dd>{dateTime(shown.createdAt)}</dd>
        <dt>User id</dt>
        <dd>
          <code>{shown.id}</code>
        </dd>
      </dl>
      <UserRoleSection user={shown} />
      <UserPasswordSection userId={shown.id} />
      <UserSessionsSection userId={shown.id} userName={shown.name} />
      <UserFactorsSection userId={shown.id} userName={shown.name} />
      {isMe ? (
        <p className="empty">This is you: you cannot ban, impersonate or remove yourself.</p>
      ) : (
        <>
          <UserBanSection user={shown} />
          <UserImpersonateSection userId={shown.id} userName={shown.name} />
          <UserRemoveSection userId={shown.id} userName={shown.name} />
        </>
      )}
    </Page>
  );
}
