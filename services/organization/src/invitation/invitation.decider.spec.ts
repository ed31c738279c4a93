import { describe, expect, it } from '@jest/globals';
import {
  decideCancelInvitation,
  decideExpireInvitation,
  decideInviteMember,
  isOpen,
  roleNames,
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
  codeOf,
  refusal,
} from '../../test/support/invitation-fixtures.js';

describe('invitation decider', () => {
  describe('invite-member', () => {
    it('invites the lower-cased address for the configured time, with the mail’s personal part under the organization', () => {
      const [event] = decideInviteMember(invite, inviteState, rules);
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
      const roles = (role: string | string[]) => decideInviteMember({ ...invite, role }, inviteState, rules)[0].data;
      expect(roles(['admin', ' member'])).toMatchObject({ role: 'admin,member' });
      expect(roles('admin, member')).toMatchObject({ role: 'admin,member' });
      expect(refusal(() => roles(' , '))).toMatchObject({ code: 'ROLE_NOT_FOUND', message: 'Role not found' });
      expect(refusal(() => roles(['member', 'wizard', 'superhero']))).toEqual({
        code: 'ROLE_NOT_FOUND',
        status: 400,
        message: 'ROLE_NOT_FOUND: wizard, superhero',
      });
    });

    it('refuses a malformed address before anything else (E1)', () => {
      expect(
        refusal(() => decideInviteMember({ ...invite, email: 'bob' }, { ...inviteState, caller: null }, rules)),
      ).toEqual({ code: 'INVALID_EMAIL', status: 400, message: 'Invalid email' });
    });

    it('refuses non-members (the organization missing alike), and members who may not invite', () => {
      expect(codeOf(() => decideInviteMember(invite, { ...inviteState, caller: null }, rules))).toBe(
        'MEMBER_NOT_FOUND',
      );
      expect(codeOf(() => decideInviteMember(invite, { ...inviteState, organization: null }, rules))).toBe(
        'MEMBER_NOT_FOUND',
      );
      expect(refusal(() => decideInviteMember(invite, { ...inviteState, caller: plainMember }, rules))).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
        status: 403,
      });
    });

    it('lets only an owner hand out ownership', () => {
      const ownership = { ...invite, role: ['admin', 'owner'] };
      expect(refusal(() => decideInviteMember(ownership, { ...inviteState, caller: admin }, rules))).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
        status: 403,
      });
      expect(types(decideInviteMember(ownership, inviteState, rules))).toEqual(['InvitationCreated']);
      const coOwner = { ...inviteState, caller: { ...admin, role: 'admin,owner' } };
      expect(types(decideInviteMember(ownership, coOwner, rules))).toEqual(['InvitationCreated']);
    });

    it('refuses an address of a member, and one with an open invitation unless resent', () => {
      expect(codeOf(() => decideInviteMember(invite, { ...inviteState, inviteeIsMember: true }, rules))).toBe(
        'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
      );
      expect(codeOf(() => decideInviteMember(invite, { ...inviteState, pending }, rules))).toBe(
        'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
      );
      const expired = { ...pending, expiresAt: now };
      expect(types(decideInviteMember(invite, { ...inviteState, pending: expired }, rules))).toEqual([
        'InvitationCreated',
      ]);
    });

    it('resends the open invitation itself: same id and role, a new expiry, signed by who resends (M20)', () => {
      const resend = { ...invite, role: 'member', resend: true, inviter: { ...invite.inviter, userId: 'user-9' } };
      const [event] = decideInviteMember(resend, { ...inviteState, pending, openInvitations: 100 }, rules);
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
      const ownership = { ...inviteState, caller: admin, pending: { ...pending, role: 'owner' } };
      expect(codeOf(() => decideInviteMember(resend, ownership, rules))).toBe(
        'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
      );
      expect(types(decideInviteMember(resend, inviteState, rules))).toEqual(['InvitationCreated']);
    });

    it('refuses an invitation beyond the open-invitation limit', () => {
      const full = { ...inviteState, openInvitations: 5 };
      expect(refusal(() => decideInviteMember(invite, full, { ...rules, invitationLimit: 5 }))).toMatchObject({
        code: 'INVITATION_LIMIT_REACHED',
        status: 403,
      });
      expect(decideInviteMember(invite, full, { ...rules, invitationLimit: 6 })).toHaveLength(1);
    });

    it('takes a team of the organization with room only (S9), and no team when teams are off', () => {
      const toTeam = { ...invite, teamId: 'team-1' };
      expect(
        decideInviteMember(toTeam, { ...inviteState, team: { teamId: 'team-1', members: 3 } }, rules)[0].data,
      ).toMatchObject({ teamId: 'team-1' });
      expect(codeOf(() => decideInviteMember(toTeam, inviteState, rules))).toBe('TEAM_NOT_FOUND');
      const full = { ...inviteState, team: { teamId: 'team-1', members: 3 } };
      expect(refusal(() => decideInviteMember(toTeam, full, { ...rules, teamMemberLimit: 3 }))).toMatchObject({
        code: 'TEAM_MEMBER_LIMIT_REACHED',
        status: 403,
      });
      expect(codeOf(() => decideInviteMember(toTeam, full, { ...rules, teamsEnabled: false }))).toBe(
        'TEAMS_ARE_NOT_ENABLED',
      );
    });
  });

  describe('cancel-invitation', () => {
    it('cancels an open invitation for members who may', () => {
      for (const caller of [owner, admin]) {
        const [event] = decideCancelInvitation({ now }, { invitation: pending, caller });
        expect(event.definition.type).toBe('InvitationCanceled');
        expect(event.data).toEqual({
          organizationId: 'org-1',
          invitationId: 'invitation-0',
          canceledAt: now.toISOString(),
        });
      }
      expect(
        refusal(() => decideCancelInvitation({ now }, { invitation: pending, caller: plainMember })),
      ).toMatchObject({
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
        expect(codeOf(() => decideCancelInvitation({ now }, state))).toBe('INVITATION_NOT_FOUND');
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
      const [event] = decideExpireInvitation({ now: later(60_000) }, { invitation: pending });
      expect(event.definition.type).toBe('InvitationExpired');
      expect(event.data).toEqual({
        organizationId: 'org-1',
        invitationId: 'invitation-0',
        expiredAt: later(60_000).toISOString(),
      });
      expect(decideExpireInvitation({ now }, { invitation: pending })).toEqual([]);
      expect(decideExpireInvitation({ now: later(60_000) }, { invitation: { ...pending, status: 'expired' } })).toEqual(
        [],
      );
      expect(
        decideExpireInvitation({ now: later(60_000) }, { invitation: { ...pending, status: 'accepted' } }),
      ).toEqual([]);
      expect(decideExpireInvitation({ now }, { invitation: null })).toEqual([]);
    });
  });

  it('reads role names from a string or an array alike', () => {
    expect(roleNames('admin,member')).toEqual(['admin', 'member']);
    expect(roleNames([' admin ', 'member,owner'])).toEqual(['admin', 'member', 'owner']);
    expect(roleNames([])).toEqual([]);
  });
});
