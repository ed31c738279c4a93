import { describe, expect, it } from '@jest/globals';
import { givenState } from '@authsvc/platform/testing';
import {
  decideAcceptInvitation,
  decideRejectInvitation,
  type AcceptInvitation,
  type AcceptState,
} from './invitation-answer.decider.js';
import type { InvitationFacts, InvitationRules } from './invitation.decider.js';
import { now, rules, pending, types } from '../../test/support/invitation-fixtures.js';

/** The invitation as its rows give it, for reject-invitation. */
const givenInvitation = (invitation: InvitationFacts | null, withRules: InvitationRules = rules) =>
  givenState(decideRejectInvitation, { invitation }, withRules);

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
    const fromEve = { ...accept, email: 'eve@example.com' };
    const state: AcceptState = {
      invitation: pending,
      inviterIsMember: true,
      inviteeIsMember: false,
      members: 1,
      team: null,
    };
    const given = (changed: Partial<AcceptState> = {}, withRules: InvitationRules = rules) =>
      givenState(decideAcceptInvitation, { ...state, ...changed }, withRules);

    it('makes the addressee a member with the invitation’s role, its address compared in any case (E12)', () => {
      const events = given().when(accept).thenEvents();
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
      const withTeam = { invitation: { ...pending, teamId: 'team-1' }, team: { teamId: 'team-1', members: 1 } };
      const events = given(withTeam).when(accept).thenEvents();
      expect(types(events)).toEqual(['InvitationAccepted', 'MemberAdded', 'TeamMemberAdded']);
      expect(events[2].data).toEqual({
        organizationId: 'org-1',
        teamId: 'team-1',
        teamMemberId: 'team-member-7',
        userId: 'user-7',
        createdAt: now.toISOString(),
      });
      const fullTeam = { ...rules, teamMemberLimit: 1 };
      expect(given(withTeam, fullTeam).when(accept).thenError()).toMatchObject({ code: 'TEAM_MEMBER_LIMIT_REACHED' });
      const teamRemoved = { ...withTeam, team: null };
      expect(types(given(teamRemoved).when(accept).thenEvents())).toEqual(['InvitationAccepted', 'MemberAdded']);
      const teamsOff = { ...rules, teamsEnabled: false };
      expect(types(given(withTeam, teamsOff).when(accept).thenEvents())).toHaveLength(2);
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
        expect(given({ invitation }).when(accept).thenError()).toMatchObject({
          code: 'INVITATION_NOT_FOUND',
          status: 400,
          message: 'Invitation not found',
        });
      }
    });

    it('refuses anyone but the addressee, an invitation whose inviter left, members, and a full organization', () => {
      expect(given().when(fromEve).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
        status: 403,
      });
      expect(given({ inviterIsMember: false }).when(accept).thenError()).toMatchObject({
        code: 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
      });
      expect(given({ inviteeIsMember: true }).when(accept).thenError()).toMatchObject({
        code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
      });
      const limitOfThree = { ...rules, membershipLimit: 3 };
      expect(given({ members: 3 }, limitOfThree).when(accept).thenError()).toMatchObject({
        code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
        status: 403,
      });
    });

    describe('with an unverified address', () => {
      const strict = { ...rules, answerNeedsVerifiedEmail: true };
      const code = 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION';

      it('is refused by accept and reject where the rules ask for a verified address, after the addressee check', () => {
        expect(given({}, strict).when(accept).thenError()).toMatchObject({
          code,
          status: 403,
          message: 'Email verification required before accepting or rejecting invitation',
        });
        expect(givenInvitation(pending, strict).when(accept).thenError()).toMatchObject({ code });
        expect(given({}, strict).when(fromEve).thenError()).toMatchObject({
          code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
        });
      });

      it('is answered when the address is verified, or when the rules do not ask', () => {
        const verified = { ...accept, emailVerified: true };
        expect(types(given({}, strict).when(verified).thenEvents())).toEqual(['InvitationAccepted', 'MemberAdded']);
        expect(types(givenInvitation(pending, strict).when(verified).thenEvents())).toEqual(['InvitationRejected']);
        expect(types(givenInvitation(pending).when(accept).thenEvents())).toEqual(['InvitationRejected']);
      });
    });
  });

  describe('reject-invitation', () => {
    const reject = { userId: 'user-7', email: 'bob@EXAMPLE.com', emailVerified: false, now };

    it('records the addressee’s refusal', () => {
      const [event] = givenInvitation(pending).when(reject).thenEvents();
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
        expect(givenInvitation(invitation).when(reject).thenError()).toMatchObject({
          code: 'INVITATION_NOT_FOUND',
          status: 400,
          message: 'Invitation not found!',
        });
      }
      const fromEve = { ...reject, email: 'eve@example.com' };
      expect(givenInvitation(pending).when(fromEve).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
      });
    });
  });
});
