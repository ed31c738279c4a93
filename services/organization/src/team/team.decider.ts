import { TeamCreated, TeamMemberAdded, TeamUpdated } from '@authsvc/contracts';
import { DomainError, OrganizationErrors, type ErrorDefinition } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { hasPermission } from '../access/organization-roles.js';
import { teamMembershipsEnding, teamRemoval } from '../kernel/organization-closing.js';
import type { Membership, TeamFacts, TeamMembershipState, TeamWithMembers } from '../kernel/organization-facts.js';
import { requireTeamRoom } from '../kernel/team-room.js';

export interface TeamRules {
  /** 0: none. */
  readonly maximumTeams: number;
  /** 0: none. */
  readonly teamMemberLimit: number;
  readonly allowRemovingAllTeams: boolean;
}

export interface CreateTeam {
  readonly teamId: string;
  readonly name: string;
  readonly now: Date;
}

export interface TeamCreationState {
  readonly organizationId: string;
  /** Null when the caller is no member, or the organization does not exist. */
  readonly caller: Membership | null;
  readonly teamCount: number;
}

export function decideCreateTeam(
  command: CreateTeam,
  state: TeamCreationState,
  rules: Pick<TeamRules, 'maximumTeams'>,
): PendingEvent[] {
  // The reference's answer to a non-member, worded for invitations.
  if (!state.caller) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
  if (!hasPermission(state.caller.role, { team: ['create'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION);
  }
  if (rules.maximumTeams > 0 && state.teamCount >= rules.maximumTeams) {
    throw new DomainError(OrganizationErrors.YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS);
  }
  const { organizationId } = state;
  const { teamId, name } = command;
  return [pendingEvent(TeamCreated, { organizationId, teamId, name, createdAt: command.now.toISOString() })];
}

export interface UpdateTeam {
  /** Absent: the name stays. */
  readonly name: string | undefined;
  readonly now: Date;
}

export interface TeamChangeState {
  readonly caller: Membership | null;
  /** The team asked for, when it is one of the organization's. */
  readonly team: TeamFacts | null;
}

/** Every update is recorded, unchanged name or not: it advances the team's updatedAt, as the current client's does. */
export function decideUpdateTeam(command: UpdateTeam, state: TeamChangeState): PendingEvent[] {
  if (!state.caller || !hasPermission(state.caller.role, { team: ['update'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM);
  }
  const { team } = state;
  if (!team) throw new DomainError(OrganizationErrors.TEAM_NOT_FOUND);
  return [
    pendingEvent(TeamUpdated, {
      organizationId: team.organizationId,
      teamId: team.id,
      name: command.name ?? team.name,
      updatedAt: command.now.toISOString(),
    }),
  ];
}

export interface RemoveTeam {
  readonly organizationId: string;
  readonly teamId: string;
  /** The caller's session's active team, which they may not remove from under themselves. */
  readonly activeTeamId: string | null;
  readonly now: Date;
}

export interface TeamRemovalState {
  readonly caller: Membership | null;
  readonly team: TeamWithMembers | null;
  readonly teamCount: number;
}

export function decideRemoveTeam(
  command: RemoveTeam,
  state: TeamRemovalState,
  rules: Pick<TeamRules, 'allowRemovingAllTeams'>,
): PendingEvent[] {
  if (!state.caller || command.activeTeamId === command.teamId) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM);
  }
  if (!hasPermission(state.caller.role, { team: ['delete'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION);
  }
  if (!state.team) throw new DomainError(OrganizationErrors.TEAM_NOT_FOUND);
  if (!rules.allowRemovingAllTeams && state.teamCount <= 1) {
    throw new DomainError(OrganizationErrors.UNABLE_TO_REMOVE_LAST_TEAM);
  }
  return teamRemoval(command.organizationId, state.team, command.now.toISOString());
}

/**
 * The checks both team member commands make, in the reference's order; `action` is the permission asked,
 * `refusal` the answer to a member without it.
 */
function requireTeamMemberChange(
  state: TeamMembershipState,
  action: 'update' | 'delete',
  refusal: ErrorDefinition,
): TeamFacts {
  const notAMember = OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION;
  if (!state.caller) throw new DomainError(notAMember, { status: 400 });
  if (!hasPermission(state.caller.role, { member: [action] })) throw new DomainError(refusal);
  if (!state.target) throw new DomainError(notAMember, { status: 400 });
  if (!state.team) throw new DomainError(OrganizationErrors.TEAM_NOT_FOUND);
  return state.team;
}

export interface AddTeamMember {
  readonly teamMemberId: string;
  readonly userId: string;
  readonly now: Date;
}

/** Adding someone already in the team records nothing (the answer is their membership). */
export function decideAddTeamMember(
  command: AddTeamMember,
  state: TeamMembershipState,
  rules: Pick<TeamRules, 'teamMemberLimit'>,
): PendingEvent[] {
  const team = requireTeamMemberChange(
    state,
    'update',
    OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER,
  );
  if (state.membership) return [];
  requireTeamRoom(state.teamSize, rules.teamMemberLimit);
  return [
    pendingEvent(TeamMemberAdded, {
      organizationId: team.organizationId,
      teamId: team.id,
      teamMemberId: command.teamMemberId,
      userId: command.userId,
      createdAt: command.now.toISOString(),
    }),
  ];
}

export function decideRemoveTeamMember(command: { readonly now: Date }, state: TeamMembershipState): PendingEvent[] {
  const team = requireTeamMemberChange(state, 'delete', OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER);
  if (!state.membership) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_TEAM);
  return teamMembershipsEnding(team.organizationId, [state.membership], command.now.toISOString());
}
