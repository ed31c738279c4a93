import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError, Notice } from '../../components/form-parts';
import { InviteForm } from './invite-form';
import { ROLES } from './members-section';
import { useRefreshOrganizations } from './organization-queries';
import type { TeamRow } from './team-card';

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  status: string;
  teamId?: string | null;
  expiresAt: string | Date;
}

interface InvitationsSectionProps {
  organizationId: string;
  invitations: readonly InvitationRow[];
  teams: readonly TeamRow[];
}

/** Pending invitations (resend, cancel) and the form to send one; for members who may invite. */
export function InvitationsSection({ organizationId, invitations, teams }: InvitationsSectionProps) {
  const refresh = useRefreshOrganizations();
  const cancel = useMutation({
    mutationFn: (invitationId: string) => unwrap(authClient.organization.cancelInvitation({ invitationId })),
    onSettled: refresh,
  });
  const resend = useMutation({
    mutationFn: ({ email, role }: InvitationRow) =>
      unwrap(
        authClient.organization.inviteMember({
          email,
          role: role as (typeof ROLES)[number],
          organizationId,
          resend: true,
        }),
      ),
    onSettled: refresh,
  });
  const teamName = (teamId: string | null | undefined) => teams.find((team) => team.id === teamId)?.name;
  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <InviteForm organizationId={organizationId} teams={teams} />
      <FormError message={cancel.error?.message ?? resend.error?.message} />
      {resend.isSuccess && <Notice>The invitation has been sent again.</Notice>}
      {pending.length ? (
        <ul className="cards" aria-label="Pending invitations">
          {pending.map((invitation) => (
            <li key={invitation.id} className="card" aria-label={invitation.email}>
              <p>
                <strong>{invitation.email}</strong> as {invitation.role}
                {teamName(invitation.teamId) && ` in ${teamName(invitation.teamId)}`}, until{' '}
                {new Date(invitation.expiresAt).toLocaleString()}
              </p>
              <button type="button" onClick={() => resend.mutate(invitation)} disabled={resend.isPending}>
                Resend
              </button>{' '}
              <ConfirmButton
                label="Cancel invitation"
                question={`Cancel the invitation of ${invitation.email}?`}
                onConfirm={() => cancel.mutate(invitation.id)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">No pending invitation.</p>
      )}
    </section>
  );
}
