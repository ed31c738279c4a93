import { type PendingEvent } from '@authsvc/platform';
import type {
  InvitationFacts,
  InvitationRules,
  InviteMember,
  InviteState,
} from '../../src/invitation/invitation.decider.js';

/** An organization with an owner, an admin and a plain member, and invitations to it, for the invitation specs. */
export const now = new Date('2026-11-24T10:00:00.000Z');
export const later = (ms: number) => new Date(now.getTime() + ms);
export const rules: InvitationRules = {
  expiresInSeconds: 172_800,
  invitationLimit: 100,
  membershipLimit: 100,
  teamsEnabled: true,
  teamMemberLimit: 0,
  answerNeedsVerifiedEmail: false,
};
export const organization = { id: 'org-1', name: 'Acme', slug: 'acme', logo: null, metadata: null };
export const owner = { memberId: 'member-1', userId: 'user-1', role: 'owner' };
export const admin = { memberId: 'member-2', userId: 'user-2', role: 'admin' };
export const plainMember = { memberId: 'member-3', userId: 'user-3', role: 'member' };

export const invite: InviteMember = {
  invitationId: 'invitation-1',
  email: 'Bob@Example.com',
  role: 'member',
  teamId: null,
  resend: false,
  inviter: { userId: 'user-1', name: 'Olive Owner', email: 'olive@example.com' },
  now,
};
export const inviteState: InviteState = {
  organization,
  caller: owner,
  inviteeIsMember: false,
  pending: null,
  openInvitations: 0,
  team: null,
};
export const pending: InvitationFacts = {
  id: 'invitation-0',
  organizationId: 'org-1',
  email: 'bob@example.com',
  role: 'admin',
  teamId: null,
  status: 'pending',
  inviterId: 'user-1',
  expiresAt: later(60_000),
};

export const types = (events: readonly PendingEvent[]) => events.map(({ definition }) => definition.type);
