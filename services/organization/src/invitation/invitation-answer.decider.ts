import { InvitationAccepted, InvitationRejected, MemberAdded, TeamMemberAdded } from '@authsvc/contracts';
import { DomainError, OrganizationErrors, withMessage } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { requireTeamRoom } from '../kernel/team-room.js';
import { isOpen, type InvitationFacts, type InvitationRules, type TeamSeats } from './invitation.decider.js';

/** The invitee answering: the signed-in user, with the address their session shows. */
export interface InvitationAnswer {
  readonly userId: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly now: Date;
}

export interface AcceptInvitation extends InvitationAnswer {
  /** Ids of the membership (and team membership) accepting makes. */
  readonly memberId: string;
  readonly teamMemberId: string;
}

export interface AcceptState {
  readonly invitation: InvitationFacts | null;
  readonly inviterIsMember: boolean;
  /** Whether the invitee already is a member of the organization (by another invitation, say). */
  readonly inviteeIsMember: boolean;
  readonly members: number;
  /** The invitation's team, while it exists. */
  readonly team: TeamSeats | null;
}

/**
 * Accepting makes the invitee a member with the invitation's role, and a member of its team. Decided on the
 * organization's stream, so that of two accepts racing (two tabs, two devices) only the first is recorded: the
 * second is decided again on the accepted invitation and refused.
 */
export function decideAcceptInvitation(
  command: AcceptInvitation,
  state: AcceptState,
  rules: InvitationRules,
): PendingEvent[] {
  const invitation = requireAddressee(state.invitation, command);
  requireVerifiedAnswer(command, rules);
  // An invitation is the word of a member; one who has left can no longer let anyone in.
  if (!state.inviterIsMember) {
    throw new DomainError(OrganizationErrors.INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION);
  }
  if (state.inviteeIsMember) throw new DomainError(OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION);
  if (state.members >= rules.membershipLimit) {
    throw new DomainError(OrganizationErrors.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED);
  }
  // A team removed since the invitation was made no longer counts (S9: its removal clears the invitation's
  // team): the invitee joins the organization only.
  const team = rules.teamsEnabled && invitation.teamId !== null ? state.team : null;
  if (team) requireTeamRoom(team.members, rules.teamMemberLimit);
  const { organizationId, id: invitationId } = invitation;
  const { userId, memberId, teamMemberId } = command;
  const at = command.now.toISOString();
  return [
    pendingEvent(InvitationAccepted, { organizationId, invitationId, userId, memberId, acceptedAt: at }),
    pendingEvent(MemberAdded, {
      organizationId,
      memberId,
      userId,
      role: invitation.role,
      origin: 'invitation',
      invitationId,
      createdAt: at,
    }),
    ...(team
      ? [pendingEvent(TeamMemberAdded, { organizationId, teamId: team.teamId, teamMemberId, userId, createdAt: at })]
      : []),
  ];
}

export function decideRejectInvitation(
  command: InvitationAnswer,
  state: Pick<AcceptState, 'invitation'>,
  rules: Pick<InvitationRules, 'answerNeedsVerifiedEmail'>,
): PendingEvent[] {
  const invitation = requireAddressee(state.invitation, command, { exclaimed: true });
  requireVerifiedAnswer(command, rules);
  const { organizationId, id: invitationId } = invitation;
  return [
    pendingEvent(InvitationRejected, {
      organizationId,
      invitationId,
      userId: command.userId,
      rejectedAt: command.now.toISOString(),
    }),
  ];
}

/** Where the rules ask for it, only an addressee whose address is verified answers. */
function requireVerifiedAnswer(
  { emailVerified }: InvitationAnswer,
  { answerNeedsVerifiedEmail }: Pick<InvitationRules, 'answerNeedsVerifiedEmail'>,
): void {
  if (answerNeedsVerifiedEmail && !emailVerified) {
    throw new DomainError(OrganizationErrors.EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION);
  }
}

/**
 * The open invitation addressed to this user: their address and the invitation's compared without regard to
 * letter case (E12). `exclaimed`: reject-invitation's wording of not found.
 */
export function requireAddressee<T extends InvitationFacts>(
  invitation: T | null,
  addressee: Pick<InvitationAnswer, 'email' | 'now'>,
  { exclaimed = false } = {},
): T {
  if (!isOpen(invitation, addressee.now)) {
    const { INVITATION_NOT_FOUND } = OrganizationErrors;
    throw new DomainError(
      exclaimed ? withMessage(INVITATION_NOT_FOUND, 'Invitation not found!') : INVITATION_NOT_FOUND,
    );
  }
  if (invitation.email !== addressee.email.toLowerCase()) {
    throw new DomainError(OrganizationErrors.YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION);
  }
  return invitation;
}
