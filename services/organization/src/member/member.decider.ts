import { MemberAdded, MemberRemoved, MemberRoleChanged, type MemberRemovalReason } from '@authsvc/contracts';
import { AuthErrors, DomainError, OrganizationErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { CREATOR_ROLE, hasPermission, isOwner, knownRoles, rankOf } from '../access/organization-roles.js';
import { closingEvents, teamMembershipsEnding, type OrganizationContents } from '../kernel/organization-closing.js';
import type { Membership, OrganizationFacts, PlacedMembership, TeamMembership } from '../kernel/organization-facts.js';

export interface MemberRules {
  readonly membershipLimit: number;
}

export interface AddMember {
  readonly organizationId: string;
  readonly memberId: string;
  readonly userId: string;
  readonly roles: readonly string[];
  readonly now: Date;
}

export interface AdditionState {
  readonly organizationExists: boolean;
  /** Whether identity has the user (a deleted user does not count). */
  readonly userExists: boolean;
  readonly alreadyMember: boolean;
  readonly memberCount: number;
}

/** A server call adds a user: known roles only, a user once, within the membership limit. */
export function decideAddMember(command: AddMember, state: AdditionState, rules: MemberRules): PendingEvent[] {
  const role = knownRoles(command.roles).join(',');
  if (!state.userExists) throw new DomainError(AuthErrors.USER_NOT_FOUND, { status: 400 });
  if (state.alreadyMember) throw new DomainError(OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
  if (!state.organizationExists) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
  if (state.memberCount >= rules.membershipLimit) {
    throw new DomainError(OrganizationErrors.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
  }
  const { organizationId, memberId, userId } = command;
  return [
    pendingEvent(MemberAdded, {
      organizationId,
      memberId,
      userId,
      role,
      origin: 'added',
      invitationId: null,
      createdAt: command.now.toISOString(),
    }),
  ];
}

export interface RemovalState {
  /** The caller's membership in the organization. */
  readonly caller: Membership | null;
  /** The member named, in the organization (another organization's member is not found). */
  readonly target: Membership | null;
  /** The organization's owners, counted up to two: the rules only ask whether there is more than one. */
  readonly owners: number;
  readonly targetTeams: readonly TeamMembership[];
}

/**
 * An owner is removed only by an owner and never as the last one; otherwise removing takes `member:delete`
 * (answered 401, as the reference does).
 */
export function decideRemoveMember(
  command: { readonly organizationId: string; readonly now: Date },
  state: RemovalState,
): PendingEvent[] {
  const { caller, target } = state;
  if (!caller || !target) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
  if (isOwner(target.role) && (!isOwner(caller.role) || state.owners <= 1)) {
    throw new DomainError(OrganizationErrors.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
  }
  if (!hasPermission(caller.role, { member: ['delete'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER);
  }
  return endMembership(command.organizationId, target, state.targetTeams, 'removed', command.now);
}

export interface LeaveState {
  readonly member: Membership | null;
  /** Counted up to two. */
  readonly owners: number;
  readonly teams: readonly TeamMembership[];
}

/** Anyone may leave but the last owner. */
export function decideLeave(
  command: { readonly organizationId: string; readonly now: Date },
  state: LeaveState,
): PendingEvent[] {
  const { member } = state;
  if (!member) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
  if (isOwner(member.role) && state.owners <= 1) {
    throw new DomainError(OrganizationErrors.YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER);
  }
  return endMembership(command.organizationId, member, state.teams, 'left', command.now);
}

export interface UpdateMemberRole {
  readonly organizationId: string;
  readonly roles: readonly string[];
  readonly now: Date;
}

export interface RoleChangeState {
  readonly caller: Membership | null;
  /** The member named, wherever it is. */
  readonly target: PlacedMembership | null;
  /** Counted up to two. */
  readonly owners: number;
}

/**
 * A role changes only for a member of the organization checked (the reference's S1 defect: any
 * organization's member by id), by a member allowed `member:update` who reaches as high as the member and
 * the roles given (nobody grants a role above their own), and never leaves the organization without an owner.
 * The same role again records nothing.
 */
export function decideUpdateMemberRole(command: UpdateMemberRole, state: RoleChangeState): PendingEvent[] {
  const { caller, target } = state;
  if (!caller || !target) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
  const refused = new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER);
  if (target.organizationId !== command.organizationId) throw refused;
  const reach = rankOf(caller.role);
  if (rankOf(target.role) > reach || rankOf(command.roles) > reach) throw refused;
  const demotesLastOwner = target.memberId === caller.memberId && !command.roles.includes(CREATOR_ROLE);
  if (isOwner(caller.role) && demotesLastOwner && state.owners <= 1) {
    throw new DomainError(OrganizationErrors.YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER);
  }
  if (!hasPermission(caller.role, { member: ['update'] })) throw refused;
  const role = knownRoles(command.roles).join(',');
  if (role === target.role) return [];
  return [
    pendingEvent(MemberRoleChanged, {
      organizationId: command.organizationId,
      memberId: target.memberId,
      userId: target.userId,
      role,
      previousRole: target.role,
      changedAt: command.now.toISOString(),
    }),
  ];
}

export interface UserDeletionState {
  readonly organization: OrganizationFacts | null;
  /** The deleted user's membership. */
  readonly member: Membership | null;
  /** Counted up to two. */
  readonly owners: number;
  readonly teams: readonly TeamMembership[];
  /** The longest-standing admin among the others, and the longest-standing other member of any role. */
  readonly oldestAdmin: Membership | null;
  readonly oldestMember: Membership | null;
  /** What closes with the organization when nobody is left in it. */
  readonly contents: Omit<OrganizationContents, 'members'>;
}

/**
 * A user deleted in identity leaves every organization (reason `user-deleted`). Should they be its last
 * owner, the organization must not be left without one: the longest-standing admin becomes owner, else the
 * longest-standing member, since they are the ones its other members most likely trust with it. When nobody is
 * left, the organization closes: no member could ever reach it again, and its slug would stay taken.
 */
export function decideEndUserMembership(command: { readonly now: Date }, state: UserDeletionState): PendingEvent[] {
  const { organization, member } = state;
  if (!organization || !member) return [];
  const successor = state.oldestAdmin ?? state.oldestMember;
  if (!successor)
    return closingEvents(organization, { ...state.contents, members: [member] }, command.now, 'user-deleted');
  const ending = endMembership(organization.id, member, state.teams, 'user-deleted', command.now);
  if (!isOwner(member.role) || state.owners > 1) return ending;
  const promotion = pendingEvent(MemberRoleChanged, {
    organizationId: organization.id,
    memberId: successor.memberId,
    userId: successor.userId,
    role: CREATOR_ROLE,
    previousRole: successor.role,
    changedAt: command.now.toISOString(),
  });
  return [promotion, ...ending];
}

/** A membership ends with the member's places in the organization's teams. */
function endMembership(
  organizationId: string,
  member: Membership,
  teams: readonly TeamMembership[],
  reason: MemberRemovalReason,
  now: Date,
): PendingEvent[] {
  const removedAt = now.toISOString();
  const { memberId, userId } = member;
  return [
    ...teamMembershipsEnding(organizationId, teams, removedAt),
    pendingEvent(MemberRemoved, { organizationId, memberId, userId, reason, removedAt }),
  ];
}
