import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ConfirmButton } from '../../components/confirm-button';
import { FormError } from '../../components/form-parts';
import { Loading } from '../../components/page';
import { AddTeamMemberForm } from './add-team-member-form';
import type { MemberRow } from './members-section';
import { personOf, personOfMember } from './organization-people';
import { useRefreshOrganizations } from './organization-queries';
import { useTeamMembers } from './team-queries';

interface TeamMembersProps {
  team: { id: string; name: string };
  organizationId: string;
  /** The organization's members, who name the users in the team and may be added to it. */
  members: readonly MemberRow[];
  myUserId: string;
  callerInTeam: boolean;
  /** Whether the caller may add and remove team members (owners and admins). */
  canManage: boolean;
}

/** Who is in a team; owners and admins add members of the organization and remove them (after a confirmation). */
export function TeamMembers({ team, organizationId, members, myUserId, callerInTeam, canManage }: TeamMembersProps) {
  const refresh = useRefreshOrganizations();
  const teamMembers = useTeamMembers(team.id, callerInTeam);
  const remove = useMutation({
    mutationFn: (userId: string) =>
      unwrap(authClient.organization.removeTeamMember({ teamId: team.id, userId, organizationId })),
    onSettled: refresh,
  });
  const join = useMutation({
    mutationFn: () =>
      unwrap(authClient.organization.addTeamMember({ teamId: team.id, userId: myUserId, organizationId })),
    onSettled: refresh,
  });
  const everyone = members.map(personOfMember);

  if (!callerInTeam) {
    return (
      <>
        <p className="hint">You are not in this team; only its members can see who is in it.</p>
        {canManage && (
          <>
            <FormError message={join.error?.message} />
            <button type="button" onClick={() => join.mutate()} disabled={join.isPending}>
              Join {team.name}
            </button>
            <AddTeamMemberForm team={team} organizationId={organizationId} candidates={everyone} />
          </>
        )}
      </>
    );
  }
  if (teamMembers.isPending) return <Loading what={`the members of ${team.name}`} />;
  if (teamMembers.error) return <FormError message={teamMembers.error.message} />;

  const inTeam = teamMembers.data.map((row) => personOf(row.userId, members));
  const inTeamIds = new Set(inTeam.map((person) => person.userId));
  return (
    <>
      <FormError message={remove.error?.message} />
      <ul className="plain" aria-label={`Members of ${team.name}`}>
        {inTeam.map((person) => (
          <li key={person.userId} aria-label={person.name}>
            <span>
              {person.name} {person.userId === myUserId && <span className="badge">You</span>}
              {person.email && <span className="hint"> {person.email}</span>}
            </span>
            {canManage && (
              <ConfirmButton
                label="Remove from team"
                question={`Remove ${person.name} from the team ${team.name}? They stay in the organization.`}
                onConfirm={() => remove.mutate(person.userId)}
                disabled={remove.isPending}
              />
            )}
          </li>
        ))}
      </ul>
      {canManage && (
        <AddTeamMemberForm
          team={team}
          organizationId={organizationId}
          candidates={everyone.filter((person) => !inTeamIds.has(person.userId))}
        />
      )}
    </>
  );
}
