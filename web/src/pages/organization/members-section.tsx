import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { Select } from '../../components/field';
import { FormError, Notice } from '../../components/form-parts';
import { useRefreshOrganizations } from './organization-queries';

export const ROLES = ['member', 'admin', 'owner'] as const;

export interface MemberRow {
  id: string;
  userId: string;
  role: string;
  user: { name: string; email: string };
}

interface MembersSectionProps {
  organizationId: string;
  members: readonly MemberRow[];
  myUserId: string;
  /** Whether the caller may change roles and remove members (owners and admins). */
  canManage: boolean;
}

export function MembersSection({ organizationId, members, myUserId, canManage }: MembersSectionProps) {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const changeRole = useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: string }) =>
      unwrap(authClient.organization.updateMemberRole({ memberId, role, organizationId })),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (memberIdOrEmail: string) =>
      unwrap(authClient.organization.removeMember({ memberIdOrEmail, organizationId })),
    onSettled: refresh,
  });
  const leave = useMutation({
    mutationFn: () => unwrap(authClient.organization.leave({ organizationId })),
    onSuccess: async () => {
      await refresh();
      navigate('/organizations');
    },
  });
  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      <FormError message={changeRole.error?.message ?? remove.error?.message ?? leave.error?.message} />
      {changeRole.isSuccess && <Notice>The role has been changed.</Notice>}
      <ul className="cards" aria-label="Members">
        {members.map((member) => {
          const isMe = member.userId === myUserId;
          return (
            <li key={member.id} className="card" aria-label={member.user.name}>
              <h3>
                {member.user.name} {isMe && <span className="badge">You</span>}
              </h3>
              <p className="hint">{member.user.email}</p>
              {canManage && !isMe ? (
                <div className="row">
                  <Select
                    label={`Role of ${member.user.name}`}
                    options={ROLES}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => changeRole.mutate({ memberId: member.id, role: event.target.value })}
                  />
                  <ConfirmButton
                    label="Remove"
                    question={`Remove ${member.user.name} from the organization?`}
                    onConfirm={() => remove.mutate(member.id)}
                  />
                </div>
              ) : (
                <p>Role: {member.role}</p>
              )}
              {isMe && (
                <ConfirmButton
                  label="Leave organization"
                  question="Leave this organization? You will need a new invitation to come back."
                  onConfirm={() => leave.mutate()}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
