import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import type { MemberRow } from './members-section';
import { useRefreshOrganizations } from './organization-queries';
import { RenameTeamForm } from './rename-team-form';
import { TeamMembers } from './team-members';

export interface TeamRow {
  id: string;
  name: string;
}

interface TeamCardProps {
  team: TeamRow;
  organizationId: string;
  members: readonly MemberRow[];
  myUserId: string;
  callerInTeam: boolean;
  /** Whether it is the session's active team. */
  isActive: boolean;
  /** Whether the caller may rename and remove teams and change who is in them (owners and admins). */
  canManage: boolean;
}

/** One team: its name, whether it is the caller's (and active), who is in it, and what the caller may do with it. */
export function TeamCard({
  team,
  organizationId,
  members,
  myUserId,
  callerInTeam,
  isActive,
  canManage,
}: TeamCardProps) {
  const refresh = useRefreshOrganizations();
  const makeActive = useMutation({
    mutationFn: () => unwrap(authClient.organization.setActiveTeam({ teamId: team.id })),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(authClient.organization.removeTeam({ teamId: team.id, organizationId })),
    onSettled: refresh,
  });
  return (
    <li className="card" aria-label={team.name}>
      <h3>
        {team.name} {callerInTeam && <span className="badge">Your team</span>}{' '}
        {isActive && <span className="badge">Active</span>}
      </h3>
      {callerInTeam && !isActive && (
        <div className="team-actions">
          <FormError message={makeActive.error?.message} />
          <button type="button" onClick={() => makeActive.mutate()} disabled={makeActive.isPending}>
            Make {team.name} your active team
          </button>
        </div>
      )}
      <TeamMembers
        team={team}
        organizationId={organizationId}
        members={members}
        myUserId={myUserId}
        callerInTeam={callerInTeam}
        canManage={canManage}
      />
      {canManage && (
        <div className="team-admin">
          <RenameTeamForm key={team.name} team={team} />
          <FormError message={remove.error?.message} />
          {isActive ? (
            // The API refuses to remove the caller's active team (as better-auth does): say so before they try.
            <p className="hint">This is your active team: make another team active to remove it.</p>
          ) : (
            <ConfirmButton
              label="Remove team"
              question={`Remove the team ${team.name}? Its members stay in the organization.`}
              onConfirm={() => remove.mutate()}
              disabled={remove.isPending}
            />
          )}
        </div>
      )}
    </li>
  );
}
