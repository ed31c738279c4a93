import { describe, expect, it } from '@jest/globals';
import { type PendingEvent } from '@authsvc/platform';
import { refusalOf } from '@authsvc/platform/testing';
import {
  decideAddTeamMember,
  decideCreateTeam,
  decideRemoveTeam,
  decideRemoveTeamMember,
  decideUpdateTeam,
} from './team.decider.js';
import { requestedOrganization } from '../kernel/requested-organization.js';
import { requireTeamRoom } from '../kernel/team-room.js';
import { teamMembershipsEnding } from '../kernel/organization-closing.js';
import { type TeamMembershipState } from '../kernel/organization-facts.js';

const now = new Date('2026-11-24T10:00:00.000Z');
const at = now.toISOString();
const owner = { memberId: 'member-1', userId: 'user-1', role: 'owner' };
const admin = { memberId: 'member-2', userId: 'user-2', role: 'admin' };
const member = { memberId: 'member-3', userId: 'user-3', role: 'member' };
const team = { id: 'team-1', organizationId: 'org-1', name: 'Core' };
const inTeam = (userId: string, teamId = 'team-1') => ({ teamId, teamMemberId: `tm-${userId}`, userId });

const types = (events: readonly PendingEvent[]) => events.map(({ definition }) => definition.type);

describe('team decider', () => {
  it('takes the organization named, else the active one, and needs one of them', () => {
    expect(requestedOrganization('org-2', 'org-1')).toBe('org-2');
    expect(requestedOrganization(undefined, 'org-1')).toBe('org-1');
    expect(requestedOrganization('', 'org-1')).toBe('org-1');
    expect(refusalOf(() => requestedOrganization(undefined, null))).toEqual({
      code: 'NO_ACTIVE_ORGANIZATION',
      status: 400,
    });
  });

  describe('create', () => {
    const create = { teamId: 'team-2', name: 'Ops', now };
    const state = { organizationId: 'org-1', caller: admin, teamCount: 1 };
    const rules = { maximumTeams: 0 };

    it('creates a team for owners and admins', () => {
      const events = decideCreateTeam(create, state, rules);
      expect(events.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-2', name: 'Ops', createdAt: at },
      ]);
      expect(types(decideCreateTeam(create, { ...state, caller: owner }, rules))).toEqual(['TeamCreated']);
    });

    it('refuses outsiders and plain members, with the reference answers', () => {
      expect(refusalOf(() => decideCreateTeam(create, { ...state, caller: null }, rules))).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
        status: 403,
      });
      expect(refusalOf(() => decideCreateTeam(create, { ...state, caller: member }, rules))).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
        status: 403,
      });
    });

    it('keeps to the maximum number of teams, when there is one', () => {
      expect(refusalOf(() => decideCreateTeam(create, { ...state, teamCount: 3 }, { maximumTeams: 3 }))).toEqual({
        code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
        status: 400,
      });
      expect(decideCreateTeam(create, { ...state, teamCount: 2 }, { maximumTeams: 3 })).toHaveLength(1);
      expect(decideCreateTeam(create, { ...state, teamCount: 500 }, rules)).toHaveLength(1);
    });
  });

  describe('update', () => {
    it('renames, and records an update that keeps the name too, so that its time advances', () => {
      const renamed = decideUpdateTeam({ name: 'Platform', now }, { caller: admin, team });
      expect(renamed.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', name: 'Platform', updatedAt: at },
      ]);
      expect(decideUpdateTeam({ name: undefined, now }, { caller: owner, team })[0].data).toMatchObject({
        name: 'Core',
        updatedAt: at,
      });
    });

    it('refuses outsiders and plain members alike, then a team not of the organization', () => {
      const update = { name: 'X', now };
      const notAllowed = { code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM', status: 403 };
      expect(refusalOf(() => decideUpdateTeam(update, { caller: null, team }))).toEqual(notAllowed);
      expect(refusalOf(() => decideUpdateTeam(update, { caller: member, team }))).toEqual(notAllowed);
      expect(refusalOf(() => decideUpdateTeam(update, { caller: admin, team: null }))).toEqual({
        code: 'TEAM_NOT_FOUND',
        status: 400,
      });
    });
  });

  describe('remove', () => {
    const remove = { organizationId: 'org-1', teamId: 'team-1', activeTeamId: null, now };
    const withMembers = { teamId: 'team-1', members: [inTeam('user-1'), inTeam('user-3')] };
    const state = { caller: admin, team: withMembers, teamCount: 2 };
    const rules = { allowRemovingAllTeams: false };

    it('removes each team member, then the team', () => {
      const events = decideRemoveTeam(remove, state, rules);
      expect(types(events)).toEqual(['TeamMemberRemoved', 'TeamMemberRemoved', 'TeamRemoved']);
      expect(events.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-user-1', userId: 'user-1', removedAt: at },
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-user-3', userId: 'user-3', removedAt: at },
        { organizationId: 'org-1', teamId: 'team-1', removedAt: at },
      ]);
    });

    it("refuses outsiders, the caller's own active team, and plain members", () => {
      const notThisTeam = { code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM', status: 403 };
      expect(refusalOf(() => decideRemoveTeam(remove, { ...state, caller: null }, rules))).toEqual(notThisTeam);
      expect(refusalOf(() => decideRemoveTeam({ ...remove, activeTeamId: 'team-1' }, state, rules))).toEqual(
        notThisTeam,
      );
      expect(decideRemoveTeam({ ...remove, activeTeamId: 'team-9' }, state, rules)).toHaveLength(3);
      expect(refusalOf(() => decideRemoveTeam(remove, { ...state, caller: member }, rules))).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
        status: 403,
      });
      expect(refusalOf(() => decideRemoveTeam(remove, { ...state, team: null }, rules))).toEqual({
        code: 'TEAM_NOT_FOUND',
        status: 400,
      });
    });

    it('keeps the last team unless removing all teams is allowed', () => {
      const last = { ...state, teamCount: 1 };
      expect(refusalOf(() => decideRemoveTeam(remove, last, rules))).toEqual({
        code: 'UNABLE_TO_REMOVE_LAST_TEAM',
        status: 400,
      });
      expect(types(decideRemoveTeam(remove, last, { allowRemovingAllTeams: true })).at(-1)).toBe('TeamRemoved');
    });
  });

  describe('team members', () => {
    const add = { teamMemberId: 'tm-new', userId: 'user-3', now };
    const state: TeamMembershipState = { caller: admin, target: member, team, membership: null, teamSize: 2 };
    const rules = { teamMemberLimit: 0 };
    const notAMember = { code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', status: 400 };

    it('adds a member of the organization to one of its teams', () => {
      expect(decideAddTeamMember(add, state, rules).map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-new', userId: 'user-3', createdAt: at },
      ]);
    });

    it('records nothing for someone already in the team, even when it is full', () => {
      const already = { ...state, membership: inTeam('user-3'), teamSize: 5 };
      expect(decideAddTeamMember(add, already, { teamMemberLimit: 5 })).toEqual([]);
    });

    it('refuses in the reference order: caller, permission, the user, the team, the limit', () => {
      expect(refusalOf(() => decideAddTeamMember(add, { ...state, caller: null }, rules))).toEqual(notAMember);
      expect(refusalOf(() => decideAddTeamMember(add, { ...state, caller: member }, rules))).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
        status: 403,
      });
      expect(refusalOf(() => decideAddTeamMember(add, { ...state, target: null, team: null }, rules))).toEqual(
        notAMember,
      );
      expect(refusalOf(() => decideAddTeamMember(add, { ...state, team: null }, rules))).toEqual({
        code: 'TEAM_NOT_FOUND',
        status: 400,
      });
      expect(refusalOf(() => decideAddTeamMember(add, state, { teamMemberLimit: 2 }))).toEqual({
        code: 'TEAM_MEMBER_LIMIT_REACHED',
        status: 403,
      });
      expect(decideAddTeamMember(add, state, { teamMemberLimit: 3 })).toHaveLength(1);
    });

    it('removes a team member for those who may delete members', () => {
      const removing = { ...state, membership: inTeam('user-3') };
      expect(decideRemoveTeamMember({ now }, removing).map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-user-3', userId: 'user-3', removedAt: at },
      ]);
      expect(refusalOf(() => decideRemoveTeamMember({ now }, { ...removing, caller: null }))).toEqual(notAMember);
      expect(refusalOf(() => decideRemoveTeamMember({ now }, { ...removing, caller: member }))).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
        status: 403,
      });
      expect(refusalOf(() => decideRemoveTeamMember({ now }, { ...removing, target: null }))).toEqual(notAMember);
      expect(refusalOf(() => decideRemoveTeamMember({ now }, { ...removing, team: null }))).toEqual({
        code: 'TEAM_NOT_FOUND',
        status: 400,
      });
      expect(refusalOf(() => decideRemoveTeamMember({ now }, state))).toEqual({
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
        status: 400,
      });
    });

    it('lets a team take members up to its limit; 0 is none', () => {
      expect(() => requireTeamRoom(1, 2)).not.toThrow();
      expect(() => requireTeamRoom(10_000, 0)).not.toThrow();
      expect(refusalOf(() => requireTeamRoom(2, 2))).toEqual({ code: 'TEAM_MEMBER_LIMIT_REACHED', status: 403 });
    });
  });

  it('ends the given team memberships, one event each (a member leaving ends all theirs)', () => {
    const events = teamMembershipsEnding('org-1', [inTeam('user-3', 'team-1'), inTeam('user-3', 'team-2')], at);
    expect(types(events)).toEqual(['TeamMemberRemoved', 'TeamMemberRemoved']);
    expect(events.map(({ data }) => (data as { teamId: string }).teamId)).toEqual(['team-1', 'team-2']);
    expect(teamMembershipsEnding('org-1', [], at)).toEqual([]);
  });
});
