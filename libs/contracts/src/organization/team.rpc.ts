import { defineRpc } from '../messaging/rpc-definition.js';
import {
  CreateTeamRequest,
  ListTeamMembersRequest,
  ListTeamsRequest,
  ListUserTeamsRequest,
  RemoveTeamRequest,
  SetActiveTeamRequest,
  TeamMemberRequest,
  UpdateTeamRequest,
} from './team.requests.js';
import type { TeamMemberView, TeamView } from './team.views.js';

// WARNING: persisted names (subjects), do not rename.
export const TeamRpc = {
  create: defineRpc<CreateTeamRequest, TeamView>('organization.rpc.team.create', CreateTeamRequest),
  list: defineRpc<ListTeamsRequest, TeamView[]>('organization.rpc.team.list', ListTeamsRequest),
  update: defineRpc<UpdateTeamRequest, TeamView>('organization.rpc.team.update', UpdateTeamRequest),
  remove: defineRpc<RemoveTeamRequest, { message: string }>('organization.rpc.team.remove', RemoveTeamRequest),
  /**
   * The team the session may make its active one (checked: a team of the active organization with the caller in
   * it), or null to have none. It records nothing: the session's owner writes the session.
   */
  checkActive: defineRpc<SetActiveTeamRequest, TeamView | null>(
    'organization.rpc.team.check-active',
    SetActiveTeamRequest,
  ),
  listForUser: defineRpc<ListUserTeamsRequest, TeamView[]>('organization.rpc.team.list-for-user', ListUserTeamsRequest),
  listMembers: defineRpc<ListTeamMembersRequest, TeamMemberView[]>(
    'organization.rpc.team.list-members',
    ListTeamMembersRequest,
  ),
  addMember: defineRpc<TeamMemberRequest, TeamMemberView>('organization.rpc.team.add-member', TeamMemberRequest),
  removeMember: defineRpc<TeamMemberRequest, { message: string }>(
    'organization.rpc.team.remove-member',
    TeamMemberRequest,
  ),
} as const;
