import { describe, expect, it } from '@jest/globals';
import { type PendingEvent } from '@authsvc/platform';
import type { Membership } from '../kernel/organization-facts.js';
import { givenState } from '@authsvc/platform/testing';
import {
  decideAddMember,
  decideEndUserMembership,
  decideLeave,
  decideRemoveMember,
  decideUpdateMemberRole,
  type AdditionState,
  type LeaveState,
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
  const given = (changed: Partial<AdditionState> = {}) =>
    givenState(decideAddMember, { ...state, ...changed }, { membershipLimit: 4 });

  it('adds the user with the roles given, comma-joined', () => {
    const twoRoles = { ...command, roles: ['member', 'admin'] };
    const events = given().when(twoRoles).thenEvents();
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
    const unknownRoles = { ...command, roles: ['wizard', 'member', 'ghost'] };
    expect(given().when(unknownRoles).thenError()).toMatchObject({
      code: 'ROLE_NOT_FOUND',
      status: 400,
      message: 'ROLE_NOT_FOUND: wizard, ghost',
    });
  });

  it('refuses a user identity does not have, a member again, an organization that is gone, and a full one', () => {
    expect(given({ userExists: false }).when(command).thenError()).toMatchObject({
      code: 'USER_NOT_FOUND',
      status: 400,
    });
    expect(given({ alreadyMember: true }).when(command).thenError()).toMatchObject({
      code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    expect(given({ organizationExists: false }).when(command).thenError()).toMatchObject({
      code: 'ORGANIZATION_NOT_FOUND',
    });
    expect(given({ memberCount: 4 }).when(command).thenError()).toMatchObject({
      code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
      status: 403,
    });
  });
});

describe('removing a member', () => {
  const command = { organizationId, now };
  const state: RemovalState = { caller: admin, target: member, owners: 1, targetTeams: [] };
  const given = (changed: Partial<RemovalState> = {}) => givenState(decideRemoveMember, { ...state, ...changed });

  it("ends the membership and the member's team places, for members allowed to delete members", () => {
    const targetTeams = [{ teamId: 't-1', teamMemberId: 'tm-1', userId: 'u-member' }];
    const events = given({ targetTeams }).when(command).thenEvents();
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
    expect(given({ caller: null }).when(command).thenError()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    expect(given({ target: null }).when(command).thenError()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
  });

  it('refuses removal to members without member:delete, with 401 as the reference does', () => {
    expect(given({ caller: member, target: admin }).when(command).thenError()).toMatchObject({
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
      status: 401,
    });
  });

  it('lets only an owner remove an owner, and never the last one', () => {
    const onlyOwner = { code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER' };
    expect(given({ target: owner, owners: 2 }).when(command).thenError()).toMatchObject(onlyOwner);
    expect(given({ caller: owner, target: owner }).when(command).thenError()).toMatchObject(onlyOwner);
    const events = given({ caller: owner, target: coOwner, owners: 2 }).when(command).thenEvents();
    expect(types(events)).toEqual(['MemberRemoved']);
  });
});

describe('leaving', () => {
  const command = { organizationId, now };
  const given = (leaving: Membership | null, owners = 1, teams: LeaveState['teams'] = []) =>
    givenState(decideLeave, { member: leaving, owners, teams });

  it('ends the membership with reason "left"', () => {
    const teams = [{ teamId: 't', teamMemberId: 'tm', userId: 'u-admin' }];
    const events = given(admin, 1, teams).when(command).thenEvents();
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
    expect(events[1].data).toMatchObject({ memberId: 'm-admin', reason: 'left' });
  });

  it('refuses non-members and the last owner, but lets an owner go when another stays', () => {
    expect(given(null).when(command).thenError()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    expect(given(coOwner).when(command).thenError()).toMatchObject({
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
    });
    expect(types(given(owner, 2).when(command).thenEvents())).toEqual(['MemberRemoved']);
  });
});

describe("changing a member's role", () => {
  const command = { organizationId, roles: ['admin'], now };
  const to = (...roles: string[]) => ({ ...command, roles });
  const state: RoleChangeState = { caller: owner, target: here(member), owners: 1 };
  const given = (changed: Partial<RoleChangeState> = {}) =>
    givenState(decideUpdateMemberRole, { ...state, ...changed });
  const notAllowed = { code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER' };

  it('records the new role and the previous one', () => {
    const events = given().when(command).thenEvents();
    expect(events.map(({ data }) => data)).toEqual([
      {
        organizationId,
        memberId: 'm-member',
        userId: 'u-member',
        role: 'admin',
        previousRole: 'member',
        changedAt: at,
      },
    ]);
    const [changed] = given().when(to('member', 'admin')).thenEvents();
    expect(changed.data).toMatchObject({ role: 'member,admin' });
  });

  it('records nothing when the role stays the same', () => {
    expect(given().when(to('member')).thenEvents()).toEqual([]);
  });

  it('refuses a member of another organization with 403, changing nothing (S1)', () => {
    const elsewhere = { ...member, organizationId: 'org-2' };
    expect(given({ target: elsewhere }).when(command).thenError()).toMatchObject({ ...notAllowed, status: 403 });
  });

  it('answers "member not found" for a caller outside the organization and an unknown member', () => {
    expect(given({ caller: null }).when(command).thenError()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    expect(given({ target: null }).when(command).thenError()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
  });

  it('lets nobody grant a role above their own or change a member above them', () => {
    const byAdmin = given({ caller: admin });
    expect(byAdmin.when(to('owner')).thenError()).toMatchObject(notAllowed);
    const aboveAdmin = given({ caller: admin, target: here(owner) });
    expect(aboveAdmin.when(command).thenError()).toMatchObject(notAllowed);
    expect(given({ caller: member }).when(command).thenError()).toMatchObject(notAllowed);
    expect(types(byAdmin.when(command).thenEvents())).toEqual(['MemberRoleChanged']);
    const [promotion] = given().when(to('owner')).thenEvents();
    expect(promotion.data).toMatchObject({ role: 'owner' });
  });

  it('refuses members without member:update even for their own role', () => {
    const self = given({ caller: member, target: here(member) });
    expect(self.when(to('member')).thenError()).toMatchObject(notAllowed);
  });

  it('never leaves the organization without an owner', () => {
    const self = given({ target: here(owner) });
    expect(self.when(command).thenError()).toMatchObject({
      code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
      status: 400,
    });
    expect(types(self.when(to('owner', 'admin')).thenEvents())).toEqual(['MemberRoleChanged']);
    const withCoOwner = given({ target: here(owner), owners: 2 });
    expect(types(withCoOwner.when(command).thenEvents())).toEqual(['MemberRoleChanged']);
  });

  it('refuses unknown roles once the caller may change the member, naming each', () => {
    expect(given().when(to('superhero', 'admin')).thenError()).toMatchObject({
      code: 'ROLE_NOT_FOUND',
      status: 400,
      message: 'ROLE_NOT_FOUND: superhero',
    });
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
  const given = (changed: Partial<UserDeletionState> = {}) =>
    givenState(decideEndUserMembership, { ...state, ...changed });

  it('ends their membership and team places with reason "user-deleted"', () => {
    const events = given().when({ now }).thenEvents();
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
    expect(events[1].data).toMatchObject({ memberId: 'm-admin', userId: 'u-admin', reason: 'user-deleted' });
  });

  it('does nothing where they are no longer a member (a redelivered event)', () => {
    expect(given({ member: null }).when({ now }).thenEvents()).toEqual([]);
    expect(given({ organization: null }).when({ now }).thenEvents()).toEqual([]);
  });

  it('makes the longest-standing admin owner when the last owner goes, else the longest-standing member', () => {
    const lastOwner = { member: owner, teams: [], oldestAdmin: admin, oldestMember: member };
    const events = given(lastOwner).when({ now }).thenEvents();
    expect(types(events)).toEqual(['MemberRoleChanged', 'MemberRemoved']);
    expect(events[0].data).toMatchObject({ memberId: 'm-admin', role: 'owner', previousRole: 'admin' });
    const noAdmin = { ...lastOwner, oldestAdmin: null };
    const [promotion] = given(noAdmin).when({ now }).thenEvents();
    expect(promotion.data).toMatchObject({ memberId: 'm-member', role: 'owner', previousRole: 'member' });
  });

  it('promotes nobody while another owner stays', () => {
    const events = given({ member: owner, owners: 2, oldestAdmin: admin }).when({ now }).thenEvents();
    expect(types(events)).toEqual(['TeamMemberRemoved', 'MemberRemoved']);
  });

  it('closes the organization when nobody is left in it', () => {
    const alone = {
      member: owner,
      oldestMember: null,
      contents: {
        pendingInvitationIds: ['i-1'],
        teams: [{ teamId: 't', members: [{ teamId: 't', teamMemberId: 'tm', userId: 'u-owner' }] }],
      },
    };
    const events = given(alone).when({ now }).thenEvents();
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
