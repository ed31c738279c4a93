import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { hasPermission } from '../access/organization-roles.js';
import { type Membership, type TeamFacts } from '../kernel/organization-facts.js';

/** Who may read what of teams: the rules of the team queries, in the reference's order. */

export function requireTeamListAccess(caller: Membership | null): void {
  if (!caller) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION);
}

/** Whose teams list-user-teams lists, and in which organization (null: every one the user is a member of). */
export interface UserTeamsAsk {
  readonly callerId: string;
  readonly userId: string;
  readonly organizationId: string | null;
}

/**
 * The caller's own teams in every organization, or in the one they name; another member's teams only in an
 * organization (named, else the active one) where the caller may update members.
 */
export function userTeamsAsk(
  request: { readonly userId?: string; readonly organizationId?: string },
  caller: { readonly userId: string; readonly activeOrganizationId: string | null },
): UserTeamsAsk {
  const userId = request.userId || caller.userId;
  if (userId === caller.userId)
    return { callerId: caller.userId, userId, organizationId: request.organizationId || null };
  const organizationId = request.organizationId || caller.activeOrganizationId;
  if (!organizationId) throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
  return { callerId: caller.userId, userId, organizationId };
}

export function requireUserTeamsAccess(
  ask: UserTeamsAsk,
  memberships: { readonly caller: Membership | null; readonly target: Membership | null },
): void {
  if (ask.organizationId === null) return;
  const { caller, target } = memberships;
  if (!caller) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
  if (ask.userId === ask.callerId) return;
  if (!hasPermission(caller.role, { member: ['update'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
  }
  if (!target) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, { status: 400 });
}

/** The team whose members are asked for: the one named, else the session's active one. */
export function teamOrActive(teamId: string | undefined, activeTeamId: string | null): string {
  const asked = teamId || activeTeamId;
  if (!asked) throw new DomainError(OrganizationErrors.YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM);
  return asked;
}

/** Only the team's own members read who is in it (the caller must still be in its organization too). */
export function requireTeamMembersAccess(state: {
  readonly team: TeamFacts | null;
  readonly callerInOrganization: boolean;
  readonly callerInTeam: boolean;
}): void {
  if (!state.team) throw new DomainError(OrganizationErrors.TEAM_NOT_FOUND);
  if (!state.callerInOrganization || !state.callerInTeam) {
    throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_TEAM);
  }
}

/**
 * The team set-active-team is about: none when asked to unset (`null`), or when asked for the active one and the
 * session has none; else the one named, or the active one.
 */
export function activeTeamAsked(teamId: string | null | undefined, activeTeamId: string | null): string | null {
  if (teamId === null) return null;
  return teamId || activeTeamId;
}

/** A session's active team is a team of its active organization with the caller in it. */
export function requireActiveTeamChoice<Team extends TeamFacts>(state: {
  readonly activeOrganizationId: string | null;
  readonly team: Team | null;
  readonly callerInTeam: boolean;
}): Team {
  if (!state.activeOrganizationId) throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
  if (!state.team) throw new DomainError(OrganizationErrors.TEAM_NOT_FOUND);
  if (!state.callerInTeam) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_TEAM, { status: 403 });
  return state.team;
}
