import { describe, expect, it } from '@jest/globals';
import { refusalOf } from '@authsvc/platform/testing';
import {
  activeTeamAsked,
  requireActiveTeamChoice,
  requireTeamListAccess,
  requireTeamMembersAccess,
  requireUserTeamsAccess,
  teamOrActive,
  userTeamsAsk,
} from './team-access.js';

const admin = { memberId: 'member-2', userId: 'user-2', role: 'admin' };
const member = { memberId: 'member-3', userId: 'user-3', role: 'member' };
const team = { id: 'team-1', organizationId: 'org-1', name: 'Core' };

describe('team access', () => {
  it('lists an organization’s teams to its members only', () => {
    expect(() => requireTeamListAccess(member)).not.toThrow();
    expect(refusalOf(() => requireTeamListAccess(null))).toEqual({
      code: 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION',
      status: 403,
    });
  });

  describe('list-user-teams', () => {
    const caller = { userId: 'user-3', activeOrganizationId: 'org-1' };

    it('lists the caller’s teams in every organization unless one is named, whatever is active', () => {
      expect(userTeamsAsk({}, caller)).toEqual({ callerId: 'user-3', userId: 'user-3', organizationId: null });
      expect(userTeamsAsk({ userId: 'user-3', organizationId: 'org-2' }, caller)).toEqual({
        callerId: 'user-3',
        userId: 'user-3',
        organizationId: 'org-2',
      });
      const own = userTeamsAsk({ organizationId: 'org-2' }, caller);
      expect(() => requireUserTeamsAccess(own, { caller: member, target: null })).not.toThrow();
      expect(() => requireUserTeamsAccess(userTeamsAsk({}, caller), { caller: null, target: null })).not.toThrow();
      expect(refusalOf(() => requireUserTeamsAccess(own, { caller: null, target: null }))).toEqual({
        code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        status: 403,
      });
    });

    it('lists another member’s teams in the named or active organization, to those who may update members', () => {
      const ask = userTeamsAsk({ userId: 'user-9' }, { userId: 'user-2', activeOrganizationId: 'org-1' });
      expect(ask).toEqual({ callerId: 'user-2', userId: 'user-9', organizationId: 'org-1' });
      expect(() => requireUserTeamsAccess(ask, { caller: admin, target: member })).not.toThrow();
      expect(refusalOf(() => userTeamsAsk({ userId: 'user-9' }, { ...caller, activeOrganizationId: null }))).toEqual({
        code: 'NO_ACTIVE_ORGANIZATION',
        status: 400,
      });
      expect(refusalOf(() => requireUserTeamsAccess(ask, { caller: null, target: member }))).toEqual({
        code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        status: 403,
      });
      expect(refusalOf(() => requireUserTeamsAccess(ask, { caller: member, target: admin }))).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
        status: 403,
      });
      expect(refusalOf(() => requireUserTeamsAccess(ask, { caller: admin, target: null }))).toEqual({
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
        status: 400,
      });
    });
  });

  describe('list-team-members', () => {
    it('reads the team named, else the active one', () => {
      expect(teamOrActive('team-2', 'team-1')).toBe('team-2');
      expect(teamOrActive(undefined, 'team-1')).toBe('team-1');
      expect(refusalOf(() => teamOrActive('', null))).toEqual({ code: 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM', status: 400 });
    });

    it('shows a team’s members to its own members, while they are in its organization', () => {
      const inBoth = { team, callerInOrganization: true, callerInTeam: true };
      expect(() => requireTeamMembersAccess(inBoth)).not.toThrow();
      const notInTeam = { code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM', status: 400 };
      expect(refusalOf(() => requireTeamMembersAccess({ ...inBoth, callerInTeam: false }))).toEqual(notInTeam);
      expect(refusalOf(() => requireTeamMembersAccess({ ...inBoth, callerInOrganization: false }))).toEqual(notInTeam);
      expect(refusalOf(() => requireTeamMembersAccess({ ...inBoth, team: null }))).toEqual({
        code: 'TEAM_NOT_FOUND',
        status: 400,
      });
    });
  });

  describe('set-active-team', () => {
    it('unsets with null; without a team named, checks the active one again, if any', () => {
      expect(activeTeamAsked(null, 'team-1')).toBeNull();
      expect(activeTeamAsked(undefined, null)).toBeNull();
      expect(activeTeamAsked('', 'team-1')).toBe('team-1');
      expect(activeTeamAsked('team-2', 'team-1')).toBe('team-2');
    });

    it('takes a team of the active organization that the caller is in', () => {
      const choice = { activeOrganizationId: 'org-1', team, callerInTeam: true };
      expect(requireActiveTeamChoice(choice)).toBe(team);
      expect(refusalOf(() => requireActiveTeamChoice({ ...choice, activeOrganizationId: null }))).toEqual({
        code: 'NO_ACTIVE_ORGANIZATION',
        status: 400,
      });
      expect(refusalOf(() => requireActiveTeamChoice({ ...choice, team: null }))).toEqual({
        code: 'TEAM_NOT_FOUND',
        status: 400,
      });
      expect(refusalOf(() => requireActiveTeamChoice({ ...choice, callerInTeam: false }))).toEqual({
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
        status: 403,
      });
    });
  });
});
