import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../api/auth-client';
import { unwrap } from '../../api/api-error';
import { ACTIVE_ORGANIZATION } from './organization-queries';

/** Under ACTIVE_ORGANIZATION, so that the one refresh after any change of the organization reads them again. */
const myTeamsKey = (organizationId: string) => [...ACTIVE_ORGANIZATION, 'my-teams', organizationId];
const teamMembersKey = (teamId: string) => [...ACTIVE_ORGANIZATION, 'team-members', teamId];

/** The ids of the teams of the organization that the signed-in user is in. */
export function useMyTeamIds(organizationId: string) {
  return useQuery({
    queryKey: myTeamsKey(organizationId),
    queryFn: () => unwrap(authClient.organization.listUserTeams({ query: { organizationId } })),
    select: (teams) => new Set(teams.map((team) => team.id)),
  });
}

/**
 * Who is in a team. The API lets only the team's own members ask (as better-auth does), so the query runs only
 * when the signed-in user is one of them.
 */
export function useTeamMembers(teamId: string, callerInTeam: boolean) {
  return useQuery({
    queryKey: teamMembersKey(teamId),
    queryFn: () => unwrap(authClient.organization.listTeamMembers({ query: { teamId } })),
    enabled: callerInTeam,
  });
}
