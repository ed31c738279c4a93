import { describe, expect, it } from '@jest/globals';
import type { PendingEvent } from '@authsvc/platform';
import { givenState } from '@authsvc/platform/testing';
import {
  decideCreateOrganization,
  decideDeleteOrganization,
  decideUpdateOrganization,
  type ChangeState,
  type CreateOrganization,
  type DeletionState,
  type OrganizationRules,
  type UpdateOrganization,
} from './organization.decider.js';

const now = new Date('2026-11-24T10:00:00.000Z');
const rules: OrganizationRules = {
  creationEnabled: true,
  organizationLimit: 0,
  deletionEnabled: true,
  defaultTeam: true,
};
const create: CreateOrganization = {
  organizationId: 'org-1',
  memberId: 'member-1',
  teamId: 'team-1',
  teamMemberId: 'team-member-1',
  userId: 'user-1',
  bySystem: false,
  name: 'Acme',
  slug: 'acme',
  logo: null,
  metadata: null,
  now,
};
const organization = { id: 'org-1', name: 'Acme', slug: 'acme', logo: null, metadata: null };
const owner = { memberId: 'member-1', userId: 'user-1', role: 'owner' };
const admin = { memberId: 'member-2', userId: 'user-2', role: 'admin' };

const types = (events: readonly PendingEvent[]) => events.map(({ definition }) => definition.type);
/** The creator's memberships and whether the slug is taken, as the rows say. */
const givenCreator = (creatorMemberships: number, slugTaken = false, withRules = rules) =>
  givenState(decideCreateOrganization, { creatorMemberships, slugTaken }, withRules);

describe('organization decider', () => {
  it('creates the organization with its creator as owner, and the default team with them in it', () => {
    const events = givenCreator(0).when(create).thenEvents();
    expect(types(events)).toEqual(['OrganizationCreated', 'MemberAdded', 'TeamCreated', 'TeamMemberAdded']);
    expect(events[1].data).toMatchObject({ userId: 'user-1', role: 'owner', origin: 'creation' });
    const noDefaultTeam = { ...rules, defaultTeam: false };
    const withoutTeam = givenCreator(0, false, noDefaultTeam).when(create).thenEvents();
    expect(types(withoutTeam)).toEqual(['OrganizationCreated', 'MemberAdded']);
  });

  it('refuses a taken slug, a user over the limit, and creation when it is off unless a server creates', () => {
    expect(givenCreator(2, true).when(create).thenError()).toMatchObject({ code: 'ORGANIZATION_ALREADY_EXISTS' });
    const limited = (organizationLimit: number) => givenCreator(2, false, { ...rules, organizationLimit });
    expect(limited(2).when(create).thenError()).toMatchObject({
      code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
    });
    expect(limited(3).when(create).thenEvents()).toHaveLength(4);
    const closed = givenCreator(2, false, { ...rules, creationEnabled: false });
    expect(closed.when(create).thenError()).toMatchObject({ code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION' });
    expect(closed.when({ ...create, bySystem: true }).thenEvents()).toHaveLength(4);
  });

  it('records only the fields an update changes, for members allowed to update', () => {
    const state: ChangeState = { organization, caller: admin, slugTaken: false };
    const given = (changed: Partial<ChangeState> = {}) =>
      givenState(decideUpdateOrganization, { ...state, ...changed });
    const update = (changes: UpdateOrganization['changes']) => ({ changes, now });
    const newLogo = update({ name: 'Acme', logo: 'https://x/logo.png' });
    const events = given().when(newLogo).thenEvents();
    expect(events.map(({ data }) => data)).toEqual([
      { organizationId: 'org-1', logo: 'https://x/logo.png', updatedAt: now.toISOString() },
    ]);
    const sameName = update({ name: 'Acme' });
    expect(given().when(sameName).thenEvents()).toEqual([]);
    const takenSlug = update({ slug: 'taken' });
    expect(given({ slugTaken: true }).when(takenSlug).thenError()).toMatchObject({
      code: 'ORGANIZATION_SLUG_ALREADY_TAKEN',
    });
    const rename = update({ name: 'X' });
    const member = { ...admin, role: 'member' };
    expect(given({ caller: member }).when(rename).thenError()).toMatchObject({
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
    });
    expect(given({ caller: null }).when(rename).thenError()).toMatchObject({
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });
  });

  it('ends invitations, teams and memberships before the organization, for its owner only', () => {
    const state = {
      organization,
      caller: owner,
      members: [owner, admin],
      pendingInvitationIds: ['invitation-1'],
      teams: [{ teamId: 'team-1', members: [{ teamId: 'team-1', teamMemberId: 'team-member-1', userId: 'user-1' }] }],
    };
    const given = (changed: Partial<DeletionState> = {}, withRules = rules) =>
      givenState(decideDeleteOrganization, { ...state, ...changed }, withRules);
    expect(types(given().when({ now }).thenEvents())).toEqual([
      'InvitationCanceled',
      'TeamMemberRemoved',
      'TeamRemoved',
      'MemberRemoved',
      'MemberRemoved',
      'OrganizationDeleted',
    ]);
    expect(given({ caller: admin }).when({ now }).thenError()).toMatchObject({
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    });
    const disabled = { ...rules, deletionEnabled: false };
    expect(given({}, disabled).when({ now }).thenError()).toMatchObject({ code: 'ORGANIZATION_DELETION_DISABLED' });
  });
});
