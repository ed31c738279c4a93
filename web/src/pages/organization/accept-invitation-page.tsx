import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { FormError, Notice } from '../../components/form-parts';
import { Loading, Page } from '../../components/page';
import { useRefreshOrganizations } from './organization-queries';

/** The invitation as its recipient sees it, with accept and decline. */
function InvitationAnswer({ invitationId }: { invitationId: string }) {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const invitation = useQuery({
    queryKey: ['invitation', invitationId],
    queryFn: () => unwrap(authClient.organization.getInvitation({ query: { id: invitationId } })),
  });
  const accept = useMutation({
    mutationFn: () => unwrap(authClient.organization.acceptInvitation({ invitationId })),
    onSuccess: async () => {
      await refresh();
      navigate('/organization');
    },
  });
  const reject = useMutation({
    mutationFn: () => unwrap(authClient.organization.rejectInvitation({ invitationId })),
  });
  if (invitation.isPending) return <Loading what="the invitation" />;
  if (!invitation.data) {
    return (
      <Page title="Invitation unavailable" narrow>
        <p role="alert">{invitation.error?.message ?? 'This invitation does not exist.'}</p>
        <p>It may have been cancelled, answered already, or sent to another address than yours.</p>
      </Page>
    );
  }
  const { organizationName, inviterEmail, role } = invitation.data;
  return (
    <Page title={`Join ${organizationName}`} narrow>
      <p>
        {inviterEmail} invites you to join <strong>{organizationName}</strong> as {role}.
      </p>
      <FormError message={accept.error?.message ?? reject.error?.message} />
      {reject.isSuccess ? (
        <Notice>You have declined the invitation.</Notice>
      ) : (
        <div className="actions start">
          <button type="button" className="primary" onClick={() => accept.mutate()} disabled={accept.isPending}>
            Accept invitation
          </button>
          <button type="button" onClick={() => reject.mutate()} disabled={reject.isPending}>
            Decline
          </button>
        </div>
      )}
    </Page>
  );
}

/** `/accept-invitation/:id`, the link of the invitation mail: a visitor signs in or up first, then comes back. */
export function AcceptInvitationPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { data: session, isPending } = authClient.useSession();
  if (isPending) return <Loading what="your session" />;
  if (!session) {
    const next = encodeURIComponent(location.pathname);
    return (
      <Page title="You have been invited" narrow>
        <p>Sign in to see and accept the invitation, or create an account with the address it was sent to.</p>
        <div className="actions start">
          <Link className="button-link" to={`/sign-in?next=${next}`}>
            Sign in to accept
          </Link>
          <Link to={`/sign-up?next=${next}`}>Create an account</Link>
        </div>
      </Page>
    );
  }
  return <InvitationAnswer invitationId={id} />;
}
