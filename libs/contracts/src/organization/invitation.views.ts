import type { MemberView } from './member.views.js';

/**
 * Where an invitation stands. `expired` is ours: the reference leaves an expired invitation `pending` (and
 * refuses it by its date); here a sweep records the expiry, and the state says so.
 */
export type InvitationStatus = 'pending' | 'accepted' | 'rejected' | 'canceled' | 'expired';

/** An invitation as the endpoints answer it. */
export interface InvitationView {
  readonly id: string;
  readonly organizationId: string;
  /** Lower-cased. */
  readonly email: string;
  /** One role, or several comma-separated. */
  readonly role: string;
  readonly teamId: string | null;
  readonly status: InvitationStatus;
  readonly inviterId: string;
  readonly expiresAt: string;
  readonly createdAt: string;
}

/** get-invitation: what the invitee sees before answering. */
export interface InvitationDetailsView extends InvitationView {
  readonly organizationName: string;
  readonly organizationSlug: string;
  readonly inviterEmail: string;
}

/** list-user-invitations: one of the caller's pending invitations. */
export interface UserInvitationView extends InvitationView {
  readonly organizationName: string;
}

/**
 * accept-invitation: the invitation and the membership it made. The invitation's `organizationId` (and
 * `teamId`) are what the caller's session makes active next.
 */
export interface AcceptedInvitationView {
  readonly invitation: InvitationView;
  readonly member: MemberView;
}

export interface RejectedInvitationView {
  readonly invitation: InvitationView;
  readonly member: null;
}
