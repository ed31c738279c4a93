import { describe, expect, it } from '@jest/globals';
import { refusalOf, type PendingEvent } from '@authsvc/platform';
import {
  decideAcceptInvitation,
  decideCancelInvitation,
  decideExpireInvitation,
  decideInviteMember,
  decideRejectInvitation,
  isOpen,
  roleNames,
  type AcceptInvitation,
  type AcceptState,
  type InvitationFacts,
  type InvitationRules,
  type InviteMember,
  type InviteState,
} from './invitation.decider.js';

const now = new Date('2026-11-24T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const rules: InvitationRules = {
  expiresInSeconds: 172_800,
  invitationLimit: 100,
  membershipLimit: 100,
  teamsEnabled: true,
  teamMemberLimit: 0,
  answerNeedsVerifiedEmail: false,
};
const organization = { id: 'org-1', name: 'Acme', slug: 'acme', logo: null, metadata: null };
const owner = { memberId: 'member-1', userId: 'user-1', role: 'owner' };
const admin = { memberId: 'member-2', userId: 'user-2', role: 'admin' };
const plainMember = { memberId: 'member-3', userId: 'user-3', role: 'member' };

const invite: InviteMember = {
  invitationId: 'invitation-1',
  email: 'Bob@Example.com',
  role: 'member',
  teamId: null,
  resend: false,
  inviter: { userId: 'user-1', name: 'Olive Owner', email: 'olive@example.com' },
  now,
};
const inviteState: InviteState = {
  organization,
  caller: owner,
  inviteeIsMember: false,
  pending: null,
  openInvitations: 0,
  team: null,
};
const pending: InvitationFacts = {
  id: 'invitation-0',
  organizationId: 'org-1',
  email: 'bob@example.com',
  role: 'admin',
  teamId: null,
  status: 'pending',
  inviterId: 'user-1',
  expiresAt: later(60_000),
};

const types = (events: readonly PendingEvent[]) => events.map(({ definition }) => definition.type);
const codeOf = (decide: () => unknown) => refusalOf(decide).code;
/** The message a refusal carries (for the wordings that name the case). */
const messageOf = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal, but the rule allowed it');
};
const refusal = (decide: () => unknown) => ({ ...refusalOf(decide), message: messageOf(decide) });

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

  describe('accept-invitation', () => {
    const accept: AcceptInvitation = {
      userId: 'user-7',
      email: 'BOB@example.com',
      emailVerified: false,
      memberId: 'member-7',
      teamMemberId: 'team-member-7',
      now,
    };
    const state: AcceptState = {
      invitation: pending,
      inviterIsMember: true,
      inviteeIsMember: false,
      members: 1,
      team: null,
    };

    it('makes the addressee a member with the invitation’s role, its address compared in any case (E12)', () => {
      const events = decideAcceptInvitation(accept, state, rules);
      expect(types(events)).toEqual(['InvitationAccepted', 'MemberAdded']);
      expect(events.map(({ data }) => data)).toEqual([
        {
          organizationId: 'org-1',
          invitationId: 'invitation-0',
          userId: 'user-7',
          memberId: 'member-7',
          acceptedAt: now.toISOString(),
        },
        {
          organizationId: 'org-1',
          memberId: 'member-7',
          userId: 'user-7',
          role: 'admin',
          origin: 'invitation',
          invitationId: 'invitation-0',
          createdAt: now.toISOString(),
        },
      ]);
    });

    it('puts the new member in the invitation’s team while it exists and has room', () => {
      const withTeam = {
        ...state,
        invitation: { ...pending, teamId: 'team-1' },
        team: { teamId: 'team-1', members: 1 },
      };
      const events = decideAcceptInvitation(accept, withTeam, rules);
      expect(types(events)).toEqual(['InvitationAccepted', 'MemberAdded', 'TeamMemberAdded']);
      expect(events[2].data).toEqual({
        organizationId: 'org-1',
        teamId: 'team-1',
        teamMemberId: 'team-member-7',
        userId: 'user-7',
        createdAt: now.toISOString(),
      });
      expect(codeOf(() => decideAcceptInvitation(accept, withTeam, { ...rules, teamMemberLimit: 1 }))).toBe(
        'TEAM_MEMBER_LIMIT_REACHED',
      );
      expect(types(decideAcceptInvitation(accept, { ...withTeam, team: null }, rules))).toEqual([
        'InvitationAccepted',
        'MemberAdded',
      ]);
      expect(types(decideAcceptInvitation(accept, withTeam, { ...rules, teamsEnabled: false }))).toHaveLength(2);
    });

    it('refuses an invitation unknown, answered, or expired at the moment of accepting', () => {
      for (const invitation of [
        null,
        { ...pending, status: 'accepted' as const },
        { ...pending, status: 'rejected' as const },
        { ...pending, status: 'canceled' as const },
        { ...pending, status: 'expired' as const },
        { ...pending, expiresAt: now },
      ]) {
        expect(refusal(() => decideAcceptInvitation(accept, { ...state, invitation }, rules))).toEqual({
          code: 'INVITATION_NOT_FOUND',
          status: 400,
          message: 'Invitation not found',
        });
      }
    });

    it('refuses anyone but the addressee, an invitation whose inviter left, members, and a full organization', () => {
      expect(
        refusal(() => decideAcceptInvitation({ ...accept, email: 'eve@example.com' }, state, rules)),
      ).toMatchObject({ code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION', status: 403 });
      expect(codeOf(() => decideAcceptInvitation(accept, { ...state, inviterIsMember: false }, rules))).toBe(
        'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
      );
      expect(codeOf(() => decideAcceptInvitation(accept, { ...state, inviteeIsMember: true }, rules))).toBe(
        'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
      );
      expect(
        refusal(() => decideAcceptInvitation(accept, { ...state, members: 3 }, { ...rules, membershipLimit: 3 })),
      ).toMatchObject({ code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED', status: 403 });
    });

    describe('with an unverified address', () => {
      const strict = { ...rules, answerNeedsVerifiedEmail: true };
      const code = 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION';

      it('is refused by accept and reject where the rules ask for a verified address, after the addressee check', () => {
        expect(refusal(() => decideAcceptInvitation(accept, state, strict))).toEqual({
          code,
          status: 403,
          message: 'Email verification required before accepting or rejecting invitation',
        });
        expect(codeOf(() => decideRejectInvitation(accept, { invitation: pending }, strict))).toBe(code);
        expect(codeOf(() => decideAcceptInvitation({ ...accept, email: 'eve@example.com' }, state, strict))).toBe(
          'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
        );
      });

      it('is answered when the address is verified, or when the rules do not ask', () => {
        const verified = { ...accept, emailVerified: true };
        expect(types(decideAcceptInvitation(verified, state, strict))).toEqual(['InvitationAccepted', 'MemberAdded']);
        expect(types(decideRejectInvitation(verified, { invitation: pending }, strict))).toEqual([
          'InvitationRejected',
        ]);
        expect(types(decideRejectInvitation(accept, { invitation: pending }, rules))).toEqual(['InvitationRejected']);
      });
    });
  });

  describe('reject-invitation', () => {
    const reject = { userId: 'user-7', email: 'bob@EXAMPLE.com', emailVerified: false, now };

    it('records the addressee’s refusal', () => {
      const [event] = decideRejectInvitation(reject, { invitation: pending }, rules);
      expect(event.definition.type).toBe('InvitationRejected');
      expect(event.data).toEqual({
        organizationId: 'org-1',
        invitationId: 'invitation-0',
        userId: 'user-7',
        rejectedAt: now.toISOString(),
      });
    });

    it('refuses with the reference’s exclamation an invitation not open, and anyone but the addressee', () => {
      for (const invitation of [null, { ...pending, status: 'accepted' as const }, { ...pending, expiresAt: now }]) {
        expect(refusal(() => decideRejectInvitation(reject, { invitation }, rules))).toEqual({
          code: 'INVITATION_NOT_FOUND',
          status: 400,
          message: 'Invitation not found!',
        });
      }
      expect(
        codeOf(() => decideRejectInvitation({ ...reject, email: 'eve@example.com' }, { invitation: pending }, rules)),
      ).toBe('YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION');
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
