import {
  InvitationCanceled,
  InvitationCreated,
  InvitationExpired,
  InvitationResent,
  type InvitationStatus,
} from '@authsvc/contracts';
import { AuthErrors, DomainError, OrganizationErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { isEmail } from 'class-validator';
import { CREATOR_ROLE, hasPermission, isOwner, knownRoles, rolesOf } from '../access/organization-roles.js';
import { type Membership, type OrganizationFacts } from '../kernel/organization-facts.js';
import { requireTeamRoom } from '../kernel/team-room.js';

/** An invitation as decisions need it. */
export interface InvitationFacts {
  readonly id: string;
  readonly organizationId: string;
  /** Lower-cased. */
  readonly email: string;
  readonly role: string;
  readonly teamId: string | null;
  readonly status: InvitationStatus;
  readonly inviterId: string;
  readonly expiresAt: Date;
}

/** A team as invitations need it: whether it has room for one more. */
export interface TeamSeats {
  readonly teamId: string;
  readonly members: number;
}

export interface InvitationRules {
  readonly expiresInSeconds: number;
  /** Pending invitations an organization may have. */
  readonly invitationLimit: number;
  readonly membershipLimit: number;
  readonly teamsEnabled: boolean;
  /** Members a team may have; 0: no limit. */
  readonly teamMemberLimit: number;
  /** Whether only a verified address may accept or reject. */
  readonly answerNeedsVerifiedEmail: boolean;
}

/**
 * Only a pending invitation before its expiry can be answered, cancelled or read by its invitee: an expired
 * one is refused from its expiry on, whether or not the sweep has recorded it yet.
 */
export function isOpen<T extends InvitationFacts>(invitation: T | null, now: Date): invitation is T {
  return invitation !== null && invitation.status === 'pending' && invitation.expiresAt > now;
}

/** Who invites: the caller, with their name and address as their session shows them (for the mail). */
export interface Inviter {
  readonly userId: string;
  readonly name: string;
  readonly email: string;
}

export interface InviteMember {
  readonly invitationId: string;
  /** As typed. */
  readonly email: string;
  readonly role: string | readonly string[];
  readonly teamId: string | null;
  readonly resend: boolean;
  readonly inviter: Inviter;
  readonly now: Date;
}

export interface InviteState {
  readonly organization: OrganizationFacts | null;
  readonly caller: Membership | null;
  /** Whether a member of the organization has the invited address. */
  readonly inviteeIsMember: boolean;
  /** The pending invitation of the organization to that address, if any. */
  readonly pending: InvitationFacts | null;
  /** The organization's open invitations. */
  readonly openInvitations: number;
  /** The team asked for, when it is a team of the organization. */
  readonly team: TeamSeats | null;
}

/** The role names of a role string or array ("admin, member" and ["admin", "member"] are the same two). */
export function roleNames(role: string | readonly string[]): string[] {
  return (typeof role === 'string' ? [role] : role).flatMap(rolesOf);
}

/**
 * The reference's checks in its order. Re-inviting an address with a pending invitation sends that invitation
 * again with a new expiry (same id, same role: `resend`), so that an invitation link already mailed keeps working.
 */
export function decideInviteMember(command: InviteMember, state: InviteState, rules: InvitationRules): PendingEvent[] {
  const email = command.email.toLowerCase();
  if (!isEmail(email)) throw new DomainError(AuthErrors.INVALID_EMAIL);
  const { organization, caller } = state;
  if (!organization || !caller) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
  if (!hasPermission(caller.role, { invitation: ['create'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION);
  }
  const roles = roleNames(command.role);
  knownRoles(roles);
  // Only an owner hands out ownership.
  if (!isOwner(caller.role) && roles.includes(CREATOR_ROLE)) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE);
  }
  if (state.inviteeIsMember) throw new DomainError(OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
  const { now, inviter } = command;
  const expiresAt = new Date(now.getTime() + rules.expiresInSeconds * 1000).toISOString();
  const personal = { email, inviterName: inviter.name, inviterEmail: inviter.email };
  const organizationId = organization.id;
  const pending = isOpen(state.pending, now) ? state.pending : null;
  if (pending) {
    if (!command.resend) throw new DomainError(OrganizationErrors.USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION);
    if (!isOwner(caller.role) && isOwner(pending.role)) {
      throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE);
    }
    const data = { organizationId, invitationId: pending.id, inviterId: inviter.userId, role: pending.role };
    return [
      pendingEvent(
        InvitationResent,
        { ...data, organizationName: organization.name, expiresAt },
        personal,
        organizationId,
      ),
    ];
  }
  if (state.openInvitations >= rules.invitationLimit) {
    throw new DomainError(OrganizationErrors.INVITATION_LIMIT_REACHED);
  }
  if (command.teamId !== null) requireSeat(command.teamId, state.team, rules);
  const invitation = {
    organizationId,
    invitationId: command.invitationId,
    role: roles.join(','),
    teamId: command.teamId,
    inviterId: inviter.userId,
    organizationName: organization.name,
    expiresAt,
    createdAt: now.toISOString(),
  };
  return [pendingEvent(InvitationCreated, invitation, personal, organizationId)];
}

/** A team of the organization (S9: no other organization's, none made up) with room for one more member. */
function requireSeat(teamId: string, team: TeamSeats | null, rules: InvitationRules): void {
  if (!rules.teamsEnabled) throw new DomainError(OrganizationErrors.TEAMS_ARE_NOT_ENABLED);
  if (!team || team.teamId !== teamId) throw new DomainError(OrganizationErrors.TEAM_NOT_FOUND);
  requireTeamRoom(team.members, rules.teamMemberLimit);
}

export interface CancelState {
  readonly invitation: InvitationFacts | null;
  /** The caller's membership in the invitation's organization. */
  readonly caller: Membership | null;
}

/**
 * An invitation of an organization the caller is not in is answered like one that does not exist, so that
 * another tenant's invitation ids cannot be probed. Only an open invitation can be cancelled: an answered one
 * stays as it was answered.
 */
export function decideCancelInvitation(command: { readonly now: Date }, state: CancelState): PendingEvent[] {
  const { invitation, caller } = state;
  if (!isOpen(invitation, command.now) || !caller) throw new DomainError(OrganizationErrors.INVITATION_NOT_FOUND);
  if (!hasPermission(caller.role, { invitation: ['cancel'] })) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION);
  }
  const { organizationId, id: invitationId } = invitation;
  return [pendingEvent(InvitationCanceled, { organizationId, invitationId, canceledAt: command.now.toISOString() })];
}

/** A pending invitation past its expiry is recorded as expired; anything else is left alone (a sweep ran first). */
export function decideExpireInvitation(
  command: { readonly now: Date },
  state: Pick<CancelState, 'invitation'>,
): PendingEvent[] {
  const { invitation } = state;
  if (!invitation || invitation.status !== 'pending' || invitation.expiresAt > command.now) return [];
  const { organizationId, id: invitationId } = invitation;
  return [pendingEvent(InvitationExpired, { organizationId, invitationId, expiredAt: command.now.toISOString() })];
}
