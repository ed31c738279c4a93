import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { Field, Select } from '../../components/field';
import { FormError, Notice, SubmitButton } from '../../components/form-parts';
import { textOf, useForm } from '../../components/use-form';
import { ROLES } from './members-section';
import { useRefreshOrganizations } from './organization-queries';

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: string | Date;
}

const FIELD_OF_CODE = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: 'email',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'email',
  INVALID_EMAIL: 'email',
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: 'role',
};

function InviteForm({ organizationId }: { organizationId: string }) {
  const refresh = useRefreshOrganizations();
  const form = useForm({
    submit: (values) =>
      unwrap(
        authClient.organization.inviteMember({
          email: textOf(values, 'email'),
          role: textOf(values, 'role') as (typeof ROLES)[number],
          organizationId,
        }),
      ),
    fieldOfCode: FIELD_OF_CODE,
    onSuccess: refresh,
    resetOnSuccess: true,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Invite a member">
      <Field label="Email to invite" name="email" type="email" required error={form.fieldError('email')} />
      <Select label="Role" name="role" options={ROLES} defaultValue="member" />
      <FormError message={form.formError ?? form.fieldError('role')} />
      {form.succeeded && <Notice>The invitation has been sent.</Notice>}
      <SubmitButton pending={form.pending}>Send invitation</SubmitButton>
    </form>
  );
}

/** Pending invitations (cancel) and the form to send one; for members who may invite. */
export function InvitationsSection({
  organizationId,
  invitations,
}: {
  organizationId: string;
  invitations: readonly InvitationRow[];
}) {
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
  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Invitations</h2>
      <InviteForm organizationId={organizationId} />
      <FormError message={cancel.error?.message ?? resend.error?.message} />
      {resend.isSuccess && <Notice>The invitation has been sent again.</Notice>}
      {pending.length ? (
        <ul className="cards" aria-label="Pending invitations">
          {pending.map((invitation) => (
            <li key={invitation.id} className="card" aria-label={invitation.email}>
              <p>
                <strong>{invitation.email}</strong> as {invitation.role}, until{' '}
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
