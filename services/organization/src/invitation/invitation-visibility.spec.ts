import { describe, expect, it } from '@jest/globals';
import { refusalOf } from '@authsvc/platform/testing';
import type { InvitationFacts } from './invitation.decider.js';
import { invitationsVisibleTo } from '../kernel/views/invitations-visible-to.js';
import { requireInvitationReader, requireReadableInvitation, requireVerifiedAddress } from './invitation-visibility.js';

const now = new Date('2026-11-24T10:00:00.000Z');
const invitation: InvitationFacts = {
  id: 'invitation-1',
  organizationId: 'org-1',
  email: 'bob@example.com',
  role: 'member',
  teamId: null,
  status: 'pending',
  inviterId: 'user-1',
  expiresAt: new Date(now.getTime() + 1000),
};
const organization = { name: 'Acme' };
const reader = { email: 'Bob@Example.com', now };
const owner = { memberId: 'member-1', userId: 'user-1', role: 'owner' };
const admin = { memberId: 'member-2', userId: 'user-2', role: 'admin' };

const codeOf = (read: () => unknown) => refusalOf(read).code;

describe('invitation visibility', () => {
  it('shows the addressee an open invitation while its inviter is a member', () => {
    expect(requireReadableInvitation(invitation, reader, { organization, inviterIsMember: true })).toEqual({
      invitation,
      organization,
    });
    const state = { organization, inviterIsMember: true };
    expect(codeOf(() => requireReadableInvitation(null, reader, state))).toBe('INVITATION_NOT_FOUND');
    expect(codeOf(() => requireReadableInvitation({ ...invitation, expiresAt: now }, reader, state))).toBe(
      'INVITATION_NOT_FOUND',
    );
    expect(codeOf(() => requireReadableInvitation(invitation, { ...reader, email: 'eve@example.com' }, state))).toBe(
      'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
    );
    expect(codeOf(() => requireReadableInvitation(invitation, reader, { ...state, organization: null }))).toBe(
      'ORGANIZATION_NOT_FOUND',
    );
    expect(codeOf(() => requireReadableInvitation(invitation, reader, { ...state, inviterIsMember: false }))).toBe(
      'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
    );
  });

  it('lists invitations to members who may invite only (S8)', () => {
    expect(requireInvitationReader(admin)).toBe(admin);
    expect(codeOf(() => requireInvitationReader(null))).toBe('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expect(codeOf(() => requireInvitationReader({ ...admin, role: 'member' }))).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS',
    );
  });

  it('hides invitations granting ownership from readers who are not owners (S8)', () => {
    const invitations = [{ role: 'member' }, { role: 'admin,owner' }, { role: 'owner' }];
    expect(invitationsVisibleTo(owner, invitations)).toEqual(invitations);
    expect(invitationsVisibleTo({ ...admin, role: 'member,owner' }, invitations)).toEqual(invitations);
    expect(invitationsVisibleTo(admin, invitations)).toEqual([{ role: 'member' }]);
  });

  it('lists the invitations of a verified address only (F6)', () => {
    expect(() => requireVerifiedAddress(true)).not.toThrow();
    expect(codeOf(() => requireVerifiedAddress(false))).toBe('EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION');
  });
});
