import { describe, expect, it } from '@jest/globals';
import { type PendingEvent } from '@authsvc/platform';
import { refusalOf } from '@authsvc/platform/testing';
import {
  decideAddMember,
  decideEndUserMembership,
  decideLeave,
  decideRemoveMember,
  decideUpdateMemberRole,
  type AdditionState,
  type RemovalState,
  type RoleChangeState,
  type UserDeletionState,
} from './member.decider.js';

const now = new Date('2026-11-24T10:00:00.000Z');
const at = now.toISOString();
const organizationId = 'org-1';
const owner = { memberId: 'm-owner', userId: 'u-owner', role: 'owner' };
const coOwner = { memberId: 'm-co-owner', userId: 'u-co-owner', role: 'admin,owner' };
const admin = { memberId: 'm-admin', userId: 'u-admin', role: 'admin' };
const member = { memberId: 'm-member', userId: 'u-member', role: 'member' };
const here = <T extends object>(membership: T) => ({ ...membership, organizationId });

const types = (events: readonly PendingEvent[]) => events.map(({ definition }) => definition.type);

describe('adding a member (a server call)', () => {
  const command = { organizationId, memberId: 'm-new', userId: 'u-new', roles: ['member'], now };
  const state: AdditionState = { organizationExists: true, userExists: true, alreadyMember: false, memberCount: 3 };
  const rules = { membershipLimit: 4 };

  it('adds the user with the roles given, comma-joined', () => {
    const events = decideAddMember({ ...command, roles: ['member', 'admin'] }, state, rules);
    expect(events.map(({ data }) => data)).toEqual([
      {
        organizationId,
        memberId: 'm-new',
        userId: 'u-new',
        role: 'member,admin',
        origin: 'added',
        invitationId: null,
        createdAt: at,
      },
    ]);
  });

  it('refuses unknown roles, naming each', () => {
    const add = () => decideAddMember({ ...command, roles: ['wizard', 'member', 'ghost'] }, state, rules);
    expect(refusalOf(add)).toEqual({ code: 'ROLE_NOT_FOUND', status: 400 });
    expect(add).toThrow('ROLE_NOT_FOUND: wizard, ghost');
  });

  it('refuses a user identity does not have, a member again, an organization that is gone, and a full one', () => {
    expect(refusalOf(() => decideAddMember(command, { ...state, userExists: false }, rules))).toMatchObject({
      code: 'USER_NOT_FOUND',
      status: 400,
    });
    expect(refusalOf(() => decideAddMember(command, { ...state, alreadyMember: true }, rules)).code).toBe(
      'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    );
    expect(refusalOf(() => decideAddMember(command, { ...state, organizationExists: false }, rules)).code).toBe(
      'ORGANIZATION_NOT_FOUND',
    );
    expect(refusalOf(() => decideAddMember(command, { ...state, memberCount: 4 }, rules))).toMatchObject({
      code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
      status: 403,
    });
  });
});

describe('removing a member', () => {
  const command = { organizationId, now };
  const state: RemovalState = { caller: admin, target: member, owners: 1, targetTeams: [] };

  it("ends the membership and the member's team places, for members allowed to delete members", () => {
    const targetTeams = [{ teamId: 't-1', teamMemberId: 'tm-1', userId: 'u-member' }];
    const events = decideRemoveMember(command, { ...state, targetTeams });
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
    expect(events[0].data).toEqual({
      organizationId,
      teamId: 't-1',
      teamMemberId: 'tm-1',
      userId: 'u-member',
      removedAt: at,
    });
    expect(events[1].data).toEqual({
      organizationId,
      memberId: 'm-member',
      userId: 'u-member',
      reason: 'removed',
      removedAt: at,
    });
  });

  it('answers "member not found" to non-members and for members not in the organization', () => {
    expect(refusalOf(() => decideRemoveMember(command, { ...state, caller: null })).code).toBe('MEMBER_NOT_FOUND');
    expect(refusalOf(() => decideRemoveMember(command, { ...state, target: null })).code).toBe('MEMBER_NOT_FOUND');
  });

  it('refuses removal to members without member:delete, with 401 as the reference does', () => {
    expect(refusalOf(() => decideRemoveMember(command, { ...state, caller: member, target: admin }))).toMatchObject({
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
      status: 401,
    });
  });

  it('lets only an owner remove an owner, and never the last one', () => {
    const onlyOwner = 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER';
    expect(refusalOf(() => decideRemoveMember(command, { ...state, target: owner, owners: 2 })).code).toBe(onlyOwner);
    expect(refusalOf(() => decideRemoveMember(command, { ...state, caller: owner, target: owner })).code).toBe(
      onlyOwner,
    );
    const events = decideRemoveMember(command, { ...state, caller: owner, target: coOwner, owners: 2 });
    expect(types(events)).toEqual(['MemberRemoved']);
  });
});

describe('leaving', () => {
  const command = { organizationId, now };

  it('ends the membership with reason "left"', () => {
    const events = decideLeave(command, {
      member: admin,
      owners: 1,
      teams: [{ teamId: 't', teamMemberId: 'tm', userId: 'u-admin' }],
    });
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
    expect(events[1].data).toMatchObject({ memberId: 'm-admin', reason: 'left' });
  });

  it('refuses non-members and the last owner, but lets an owner go when another stays', () => {
    expect(refusalOf(() => decideLeave(command, { member: null, owners: 1, teams: [] })).code).toBe('MEMBER_NOT_FOUND');
    expect(refusalOf(() => decideLeave(command, { member: coOwner, owners: 1, teams: [] })).code).toBe(
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    );
    expect(types(decideLeave(command, { member: owner, owners: 2, teams: [] }))).toEqual(['MemberRemoved']);
  });
});

describe("changing a member's role", () => {
  const command = { organizationId, roles: ['admin'], now };
  const state: RoleChangeState = { caller: owner, target: here(member), owners: 1 };
  const notAllowed = 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER';

  it('records the new role and the previous one', () => {
    expect(decideUpdateMemberRole(command, state).map(({ data }) => data)).toEqual([
      {
        organizationId,
        memberId: 'm-member',
        userId: 'u-member',
        role: 'admin',
        previousRole: 'member',
        changedAt: at,
      },
    ]);
    expect(decideUpdateMemberRole({ ...command, roles: ['member', 'admin'] }, state)[0].data).toMatchObject({
      role: 'member,admin',
    });
  });

  it('records nothing when the role stays the same', () => {
    expect(decideUpdateMemberRole({ ...command, roles: ['member'] }, state)).toEqual([]);
  });

  it('refuses a member of another organization with 403, changing nothing (S1)', () => {
    const elsewhere = { ...member, organizationId: 'org-2' };
    expect(refusalOf(() => decideUpdateMemberRole(command, { ...state, target: elsewhere }))).toMatchObject({
      code: notAllowed,
      status: 403,
    });
  });

  it('answers "member not found" for a caller outside the organization and an unknown member', () => {
    expect(refusalOf(() => decideUpdateMemberRole(command, { ...state, caller: null })).code).toBe('MEMBER_NOT_FOUND');
    expect(refusalOf(() => decideUpdateMemberRole(command, { ...state, target: null })).code).toBe('MEMBER_NOT_FOUND');
  });

  it('lets nobody grant a role above their own or change a member above them', () => {
    const byAdmin = { ...state, caller: admin };
    expect(refusalOf(() => decideUpdateMemberRole({ ...command, roles: ['owner'] }, byAdmin)).code).toBe(notAllowed);
    expect(refusalOf(() => decideUpdateMemberRole(command, { ...byAdmin, target: here(owner) })).code).toBe(notAllowed);
    expect(refusalOf(() => decideUpdateMemberRole(command, { ...state, caller: member })).code).toBe(notAllowed);
    expect(types(decideUpdateMemberRole(command, byAdmin))).toEqual(['MemberRoleChanged']);
    const promotion = decideUpdateMemberRole({ ...command, roles: ['owner'] }, state);
    expect(promotion[0].data).toMatchObject({ role: 'owner' });
  });

  it('refuses members without member:update even for their own role', () => {
    const self = { ...state, caller: member, target: here(member) };
    expect(refusalOf(() => decideUpdateMemberRole({ ...command, roles: ['member'] }, self)).code).toBe(notAllowed);
  });

  it('never leaves the organization without an owner', () => {
    const self = { ...state, target: here(owner) };
    expect(refusalOf(() => decideUpdateMemberRole(command, self))).toMatchObject({
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
      status: 400,
    });
    expect(types(decideUpdateMemberRole({ ...command, roles: ['owner', 'admin'] }, self))).toEqual([
      'MemberRoleChanged',
    ]);
    expect(types(decideUpdateMemberRole(command, { ...self, owners: 2 }))).toEqual(['MemberRoleChanged']);
  });

  it('refuses unknown roles once the caller may change the member, naming each', () => {
    const update = () => decideUpdateMemberRole({ ...command, roles: ['superhero', 'admin'] }, state);
    expect(refusalOf(update)).toEqual({ code: 'ROLE_NOT_FOUND', status: 400 });
    expect(update).toThrow('ROLE_NOT_FOUND: superhero');
  });
});

describe("a user's deletion", () => {
  const organization = { id: organizationId, name: 'Acme', slug: 'acme', logo: null, metadata: null };
  const contents = { pendingInvitationIds: [], teams: [] };
  const state: UserDeletionState = {
    organization,
    member: admin,
    owners: 1,
    teams: [{ teamId: 't', teamMemberId: 'tm', userId: 'u-admin' }],
    oldestAdmin: null,
    oldestMember: owner,
    contents,
  };

  it('ends their membership and team places with reason "user-deleted"', () => {
    const events = decideEndUserMembership({ now }, state);
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
    expect(events[1].data).toMatchObject({ memberId: 'm-admin', userId: 'u-admin', reason: 'user-deleted' });
  });

  it('does nothing where they are no longer a member (a redelivered event)', () => {
    expect(decideEndUserMembership({ now }, { ...state, member: null })).toEqual([]);
    expect(decideEndUserMembership({ now }, { ...state, organization: null })).toEqual([]);
  });

  it('makes the longest-standing admin owner when the last owner goes, else the longest-standing member', () => {
    const lastOwner = { ...state, member: owner, teams: [], oldestAdmin: admin, oldestMember: member };
    const events = decideEndUserMembership({ now }, lastOwner);
    expect(types(events)).toEqual(['MemberRoleChanged', 'MemberRemoved']);
    expect(events[0].data).toMatchObject({ memberId: 'm-admin', role: 'owner', previousRole: 'admin' });
    const noAdmin = decideEndUserMembership({ now }, { ...lastOwner, oldestAdmin: null });
    expect(noAdmin[0].data).toMatchObject({ memberId: 'm-member', role: 'owner', previousRole: 'member' });
  });

  it('promotes nobody while another owner stays', () => {
    const events = decideEndUserMembership({ now }, { ...state, member: owner, owners: 2, oldestAdmin: admin });
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
  });

  it('closes the organization when nobody is left in it', () => {
    const alone = {
      ...state,
      member: owner,
      oldestMember: null,
      contents: {
        pendingInvitationIds: ['i-1'],
        teams: [{ teamId: 't', members: [{ teamId: 't', teamMemberId: 'tm', userId: 'u-owner' }] }],
      },
    };
    const events = decideEndUserMembership({ now }, alone);
    expect(types(events)).toEqual([
      'InvitationCanceled',
      'TeamMemberRemoved',
      'TeamRemoved',
      'MemberRemoved',
      'OrganizationDeleted',
    ]);
    expect(events[3].data).toMatchObject({ memberId: 'm-owner', reason: 'user-deleted' });
  });
});
