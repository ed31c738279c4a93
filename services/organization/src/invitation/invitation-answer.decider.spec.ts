import { describe, expect, it } from '@jest/globals';
import {
  decideAcceptInvitation,
  decideRejectInvitation,
  type AcceptInvitation,
  type AcceptState,
} from './invitation-answer.decider.js';
import { now, rules, pending, types, codeOf, refusal } from '../../test/support/invitation-fixtures.js';

describe('invitation answers', () => {
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
});
