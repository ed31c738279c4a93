import { describe, expect, it } from '@jest/globals';
import { type PendingEvent } from '@authsvc/platform';
import { givenState, refusalOf } from '@authsvc/platform/testing';
import {
  decideAddTeamMember,
  decideCreateTeam,
  decideRemoveTeam,
  decideRemoveTeamMember,
  decideUpdateTeam,
  type TeamCreationState,
  type TeamRemovalState,
} from './team.decider.js';
import { requestedOrganization } from '../kernel/requested-organization.js';
import { requireTeamRoom } from '../kernel/team-room.js';
import { teamMembershipsEnding } from '../kernel/organization-closing.js';
import { type Membership, type TeamFacts, type TeamMembershipState } from '../kernel/organization-facts.js';

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
    const state: TeamCreationState = { organizationId: 'org-1', caller: admin, teamCount: 1 };
    const given = (changed: Partial<TeamCreationState> = {}, maximumTeams = 0) =>
      givenState(decideCreateTeam, { ...state, ...changed }, { maximumTeams });

    it('creates a team for owners and admins', () => {
      const events = given().when(create).thenEvents();
      expect(events.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-2', name: 'Ops', createdAt: at },
      ]);
      expect(types(given({ caller: owner }).when(create).thenEvents())).toEqual(['TeamCreated']);
    });

    it('refuses outsiders and plain members, with the reference answers', () => {
      expect(given({ caller: null }).when(create).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
        status: 403,
      });
      expect(given({ caller: member }).when(create).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
        status: 403,
      });
    });

    it('keeps to the maximum number of teams, when there is one', () => {
      expect(given({ teamCount: 3 }, 3).when(create).thenError()).toMatchObject({
        code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
        status: 400,
      });
      expect(given({ teamCount: 2 }, 3).when(create).thenEvents()).toHaveLength(1);
      expect(given({ teamCount: 500 }).when(create).thenEvents()).toHaveLength(1);
    });
  });

  describe('update', () => {
    const given = (caller: Membership | null, teamAsked: TeamFacts | null = team) =>
      givenState(decideUpdateTeam, { caller, team: teamAsked });

    it('renames, and records an update that keeps the name too, so that its time advances', () => {
      const renamed = given(admin).when({ name: 'Platform', now }).thenEvents();
      expect(renamed.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', name: 'Platform', updatedAt: at },
      ]);
      const [kept] = given(owner).when({ name: undefined, now }).thenEvents();
      expect(kept.data).toMatchObject({ name: 'Core', updatedAt: at });
    });

    it('refuses outsiders and plain members alike, then a team not of the organization', () => {
      const update = { name: 'X', now };
      const notAllowed = { code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM', status: 403 };
      expect(given(null).when(update).thenError()).toMatchObject(notAllowed);
      expect(given(member).when(update).thenError()).toMatchObject(notAllowed);
      expect(given(admin, null).when(update).thenError()).toMatchObject({ code: 'TEAM_NOT_FOUND', status: 400 });
    });
  });

  describe('remove', () => {
    const remove = { organizationId: 'org-1', teamId: 'team-1', activeTeamId: null, now };
    const withMembers = { teamId: 'team-1', members: [inTeam('user-1'), inTeam('user-3')] };
    const state: TeamRemovalState = { caller: admin, team: withMembers, teamCount: 2 };
    const given = (changed: Partial<TeamRemovalState> = {}, allowRemovingAllTeams = false) =>
      givenState(decideRemoveTeam, { ...state, ...changed }, { allowRemovingAllTeams });

    it('removes each team member, then the team', () => {
      const events = given().when(remove).thenEvents();
      expect(types(events)).toEqual(['TeamMemberRemoved', 'TeamMemberRemoved', 'TeamRemoved']);
      expect(events.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-user-1', userId: 'user-1', removedAt: at },
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-user-3', userId: 'user-3', removedAt: at },
        { organizationId: 'org-1', teamId: 'team-1', removedAt: at },
      ]);
    });

    it("refuses outsiders, the caller's own active team, and plain members", () => {
      const notThisTeam = { code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM', status: 403 };
      expect(given({ caller: null }).when(remove).thenError()).toMatchObject(notThisTeam);
      const fromActiveTeam = { ...remove, activeTeamId: 'team-1' };
      expect(given().when(fromActiveTeam).thenError()).toMatchObject(notThisTeam);
      const fromAnotherTeam = { ...remove, activeTeamId: 'team-9' };
      expect(given().when(fromAnotherTeam).thenEvents()).toHaveLength(3);
      expect(given({ caller: member }).when(remove).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
        status: 403,
      });
      expect(given({ team: null }).when(remove).thenError()).toMatchObject({ code: 'TEAM_NOT_FOUND', status: 400 });
    });

    it('keeps the last team unless removing all teams is allowed', () => {
      expect(given({ teamCount: 1 }).when(remove).thenError()).toMatchObject({
        code: 'UNABLE_TO_REMOVE_LAST_TEAM',
        status: 400,
      });
      expect(types(given({ teamCount: 1 }, true).when(remove).thenEvents()).at(-1)).toBe('TeamRemoved');
    });
  });

  describe('team members', () => {
    const add = { teamMemberId: 'tm-new', userId: 'user-3', now };
    const state: TeamMembershipState = { caller: admin, target: member, team, membership: null, teamSize: 2 };
    const notAMember = { code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', status: 400 };
    const givenAdding = (changed: Partial<TeamMembershipState> = {}, teamMemberLimit = 0) =>
      givenState(decideAddTeamMember, { ...state, ...changed }, { teamMemberLimit });

    it('adds a member of the organization to one of its teams', () => {
      const events = givenAdding().when(add).thenEvents();
      expect(events.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-new', userId: 'user-3', createdAt: at },
      ]);
    });

    it('records nothing for someone already in the team, even when it is full', () => {
      const already = { membership: inTeam('user-3'), teamSize: 5 };
      expect(givenAdding(already, 5).when(add).thenEvents()).toEqual([]);
    });

    it('refuses in the reference order: caller, permission, the user, the team, the limit', () => {
      expect(givenAdding({ caller: null }).when(add).thenError()).toMatchObject(notAMember);
      expect(givenAdding({ caller: member }).when(add).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
        status: 403,
      });
      expect(givenAdding({ target: null, team: null }).when(add).thenError()).toMatchObject(notAMember);
      expect(givenAdding({ team: null }).when(add).thenError()).toMatchObject({ code: 'TEAM_NOT_FOUND', status: 400 });
      expect(givenAdding({}, 2).when(add).thenError()).toMatchObject({
        code: 'TEAM_MEMBER_LIMIT_REACHED',
        status: 403,
      });
      expect(givenAdding({}, 3).when(add).thenEvents()).toHaveLength(1);
    });

    it('removes a team member for those who may delete members', () => {
      const removing = { ...state, membership: inTeam('user-3') };
      const given = (changed: Partial<TeamMembershipState> = {}) =>
        givenState(decideRemoveTeamMember, { ...removing, ...changed });
      const events = given().when({ now }).thenEvents();
      expect(events.map(({ data }) => data)).toEqual([
        { organizationId: 'org-1', teamId: 'team-1', teamMemberId: 'tm-user-3', userId: 'user-3', removedAt: at },
      ]);
      expect(given({ caller: null }).when({ now }).thenError()).toMatchObject(notAMember);
      expect(given({ caller: member }).when({ now }).thenError()).toMatchObject({
        code: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
        status: 403,
      });
      expect(given({ target: null }).when({ now }).thenError()).toMatchObject(notAMember);
      expect(given({ team: null }).when({ now }).thenError()).toMatchObject({ code: 'TEAM_NOT_FOUND', status: 400 });
      expect(given({ membership: null }).when({ now }).thenError()).toMatchObject({
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
