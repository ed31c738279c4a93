import { describe, expect, it } from '@jest/globals';
import { givenState } from '@authsvc/platform/testing';
import {
  decideCancelInvitation,
  decideExpireInvitation,
  decideInviteMember,
  isOpen,
  roleNames,
  type CancelState,
  type InvitationFacts,
  type InvitationRules,
  type InviteState,
} from './invitation.decider.js';
import {
  now,
  later,
  rules,
  owner,
  admin,
  plainMember,
  invite,
  inviteState,
  pending,
  types,
} from '../../test/support/invitation-fixtures.js';

/** The organization's rows as inviting reads them: `inviteState`, changed where a test says. */
const givenInviting = (changed: Partial<InviteState> = {}, withRules: InvitationRules = rules) =>
  givenState(decideInviteMember, { ...inviteState, ...changed }, withRules);

describe('invitation decider', () => {
  describe('invite-member', () => {
    it('invites the lower-cased address for the configured time, with the mail’s personal part under the organization', () => {
      const [event] = givenInviting().when(invite).thenEvents();
      expect(event.definition.type).toBe('InvitationCreated');
      expect(event.data).toEqual({
        organizationId: 'org-1',
        invitationId: 'invitation-1',
        role: 'member',
        teamId: null,
        inviterId: 'user-1',
        organizationName: 'Acme',
        expiresAt: '2026-11-26T10:00:00.000Z',
        createdAt: now.toISOString(),
      });
      expect(event.personal).toEqual({
        email: 'bob@example.com',
        inviterName: 'Olive Owner',
        inviterEmail: 'olive@example.com',
      });
      expect(event.personalSubject).toBe('org-1');
    });

    it('joins several roles given as an array or a string, and refuses none or unknown ones (S7)', () => {
      const inviting = (role: string | string[]) => givenInviting().when({ ...invite, role });
      expect(inviting(['admin', ' member']).thenEvents()[0].data).toMatchObject({ role: 'admin,member' });
      expect(inviting('admin, member').thenEvents()[0].data).toMatchObject({ role: 'admin,member' });
      expect(inviting(' , ').thenError()).toMatchObject({ code: 'ROLE_NOT_FOUND', message: 'Role not found' });
      expect(inviting(['member', 'wizard', 'superhero']).thenError()).toMatchObject({
        code: 'ROLE_NOT_FOUND',
        status: 400,
        message: 'ROLE_NOT_FOUND: wizard, superhero',
      });
    });

    it('refuses a malformed address before anything else (E1)', () => {
      const malformed = { ...invite, email: 'bob' };
      expect(givenInviting({ caller: null }).when(malformed).thenError()).toMatchObject({
        code: 'INVALID_EMAIL',
        status: 400,
        message: 'Invalid email',
      });
    });

    it('refuses non-members (the organization missing alike), and members who may not invite', () => {
      expect(givenInviting({ caller: null }).when(invite).thenError()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
      expect(givenInviting({ organization: null }).when(invite).thenError()).toMatchObject({
        code: 'MEMBER_NOT_FOUND',
      });
      expect(givenInviting({ caller: plainMember }).when(invite).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
        status: 403,
      });
    });

    it('lets only an owner hand out ownership', () => {
      const ownership = { ...invite, role: ['admin', 'owner'] };
      expect(givenInviting({ caller: admin }).when(ownership).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
        status: 403,
      });
      expect(types(givenInviting().when(ownership).thenEvents())).toEqual(['InvitationCreated']);
      const coOwner = { ...admin, role: 'admin,owner' };
      expect(types(givenInviting({ caller: coOwner }).when(ownership).thenEvents())).toEqual(['InvitationCreated']);
    });

    it('refuses an address of a member, and one with an open invitation unless resent', () => {
      expect(givenInviting({ inviteeIsMember: true }).when(invite).thenError()).toMatchObject({
        code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
      });
      expect(givenInviting({ pending }).when(invite).thenError()).toMatchObject({
        code: 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
      });
      const expired = { ...pending, expiresAt: now };
      expect(types(givenInviting({ pending: expired }).when(invite).thenEvents())).toEqual(['InvitationCreated']);
    });

    it('resends the open invitation itself: same id and role, a new expiry, signed by who resends (M20)', () => {
      const resend = { ...invite, role: 'member', resend: true, inviter: { ...invite.inviter, userId: 'user-9' } };
      const [event] = givenInviting({ pending, openInvitations: 100 }).when(resend).thenEvents();
      expect(event.definition.type).toBe('InvitationResent');
      expect(event.data).toEqual({
        organizationId: 'org-1',
        invitationId: 'invitation-0',
        inviterId: 'user-9',
        role: 'admin',
        organizationName: 'Acme',
        expiresAt: '2026-11-26T10:00:00.000Z',
      });
      expect(event.personal).toMatchObject({ email: 'bob@example.com' });
      const ownership = { caller: admin, pending: { ...pending, role: 'owner' } };
      expect(givenInviting(ownership).when(resend).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
      });
      expect(types(givenInviting().when(resend).thenEvents())).toEqual(['InvitationCreated']);
    });

    it('refuses an invitation beyond the open-invitation limit', () => {
      const full = { openInvitations: 5 };
      const limited = (invitationLimit: number) => givenInviting(full, { ...rules, invitationLimit });
      expect(limited(5).when(invite).thenError()).toMatchObject({
        code: 'INVITATION_LIMIT_REACHED',
        status: 403,
      });
      expect(limited(6).when(invite).thenEvents()).toHaveLength(1);
    });

    it('takes a team of the organization with room only (S9), and no team when teams are off', () => {
      const toTeam = { ...invite, teamId: 'team-1' };
      const full = { team: { teamId: 'team-1', members: 3 } };
      expect(givenInviting(full).when(toTeam).thenEvents()[0].data).toMatchObject({ teamId: 'team-1' });
      expect(givenInviting().when(toTeam).thenError()).toMatchObject({ code: 'TEAM_NOT_FOUND' });
      const teamOfThree = { ...rules, teamMemberLimit: 3 };
      expect(givenInviting(full, teamOfThree).when(toTeam).thenError()).toMatchObject({
        code: 'TEAM_MEMBER_LIMIT_REACHED',
        status: 403,
      });
      const teamsOff = { ...rules, teamsEnabled: false };
      expect(givenInviting(full, teamsOff).when(toTeam).thenError()).toMatchObject({
        code: 'TEAMS_ARE_NOT_ENABLED',
      });
    });
  });

  describe('cancel-invitation', () => {
    const givenCancelling = (state: CancelState) => givenState(decideCancelInvitation, state);

    it('cancels an open invitation for members who may', () => {
      for (const caller of [owner, admin]) {
        const [event] = givenCancelling({ invitation: pending, caller }).when({ now }).thenEvents();
        expect(event.definition.type).toBe('InvitationCanceled');
        expect(event.data).toEqual({
          organizationId: 'org-1',
          invitationId: 'invitation-0',
          canceledAt: now.toISOString(),
        });
      }
      expect(givenCancelling({ invitation: pending, caller: plainMember }).when({ now }).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
        status: 403,
      });
    });

    it('answers an invitation of another organization like one that does not exist, and leaves answered ones alone', () => {
      for (const state of [
        { invitation: pending, caller: null },
        { invitation: null, caller: owner },
        { invitation: { ...pending, status: 'accepted' as const }, caller: owner },
        { invitation: { ...pending, expiresAt: now }, caller: owner },
      ]) {
        expect(givenCancelling(state).when({ now }).thenError()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
      }
    });
  });

  describe('expiry', () => {
    it('is decided on time: open until its expiry, refused from then on', () => {
      expect(isOpen(pending, later(59_999))).toBe(true);
      expect(isOpen(pending, later(60_000))).toBe(false);
      expect(isOpen({ ...pending, status: 'rejected' }, now)).toBe(false);
      expect(isOpen(null, now)).toBe(false);
    });

    it('records a pending invitation past its expiry once, and nothing for any other', () => {
      const givenExpiring = (invitation: InvitationFacts | null) => givenState(decideExpireInvitation, { invitation });
      const pastExpiry = { now: later(60_000) };
      const [event] = givenExpiring(pending).when(pastExpiry).thenEvents();
      expect(event.definition.type).toBe('InvitationExpired');
      expect(event.data).toEqual({
        organizationId: 'org-1',
        invitationId: 'invitation-0',
        expiredAt: later(60_000).toISOString(),
      });
      expect(givenExpiring(pending).when({ now }).thenEvents()).toEqual([]);
      const expired = { ...pending, status: 'expired' as const };
      expect(givenExpiring(expired).when(pastExpiry).thenEvents()).toEqual([]);
      const accepted = { ...pending, status: 'accepted' as const };
      expect(givenExpiring(accepted).when(pastExpiry).thenEvents()).toEqual([]);
      expect(givenExpiring(null).when({ now }).thenEvents()).toEqual([]);
    });
  });

  it('reads role names from a string or an array alike', () => {
    expect(roleNames('admin,member')).toEqual(['admin', 'member']);
    expect(roleNames([' admin ', 'member,owner'])).toEqual(['admin', 'member', 'owner']);
    expect(roleNames([])).toEqual([]);
  });
});
