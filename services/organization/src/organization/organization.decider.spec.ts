import { describe, expect, it } from '@jest/globals';
import type { PendingEvent } from '@authsvc/platform';
import {
  decideCreateOrganization,
  decideDeleteOrganization,
  decideUpdateOrganization,
  type CreateOrganization,
  type OrganizationRules,
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
const errorCode = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('no error');
};

describe('organization decider', () => {
  it('creates the organization with its creator as owner, and the default team with them in it', () => {
    const events = decideCreateOrganization(create, { creatorMemberships: 0, slugTaken: false }, rules);
    expect(types(events)).toEqual(['OrganizationCreated', 'MemberAdded', 'TeamCreated', 'TeamMemberAdded']);
    expect(events[1].data).toMatchObject({ userId: 'user-1', role: 'owner', origin: 'creation' });
    const withoutTeam = decideCreateOrganization(
      create,
      { creatorMemberships: 0, slugTaken: false },
      { ...rules, defaultTeam: false },
    );
    expect(types(withoutTeam)).toEqual(['OrganizationCreated', 'MemberAdded']);
  });

  it('refuses a taken slug, a user over the limit, and creation when it is off unless a server creates', () => {
    const free = { creatorMemberships: 2, slugTaken: false };
    expect(errorCode(() => decideCreateOrganization(create, { ...free, slugTaken: true }, rules))).toBe(
      'ORGANIZATION_ALREADY_EXISTS',
    );
    expect(errorCode(() => decideCreateOrganization(create, free, { ...rules, organizationLimit: 2 }))).toBe(
      'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS',
    );
    expect(decideCreateOrganization(create, free, { ...rules, organizationLimit: 3 })).toHaveLength(4);
    const closed = { ...rules, creationEnabled: false };
    expect(errorCode(() => decideCreateOrganization(create, free, closed))).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION',
    );
    expect(decideCreateOrganization({ ...create, bySystem: true }, free, closed)).toHaveLength(4);
  });

  it('records only the fields an update changes, for members allowed to update', () => {
    const state = { organization, caller: admin, slugTaken: false };
    const events = decideUpdateOrganization({ changes: { name: 'Acme', logo: 'https://x/logo.png' }, now }, state);
    expect(events.map(({ data }) => data)).toEqual([
      { organizationId: 'org-1', logo: 'https://x/logo.png', updatedAt: now.toISOString() },
    ]);
    expect(decideUpdateOrganization({ changes: { name: 'Acme' }, now }, state)).toEqual([]);
    expect(
      errorCode(() => decideUpdateOrganization({ changes: { slug: 'taken' }, now }, { ...state, slugTaken: true })),
    ).toBe('ORGANIZATION_SLUG_ALREADY_TAKEN');
    const member = { ...admin, role: 'member' };
    expect(
      errorCode(() => decideUpdateOrganization({ changes: { name: 'X' }, now }, { ...state, caller: member })),
    ).toBe('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION');
    expect(errorCode(() => decideUpdateOrganization({ changes: { name: 'X' }, now }, { ...state, caller: null }))).toBe(
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    );
  });

  it('ends invitations, teams and memberships before the organization, for its owner only', () => {
    const state = {
      organization,
      caller: owner,
      members: [owner, admin],
      pendingInvitationIds: ['invitation-1'],
      teams: [{ teamId: 'team-1', members: [{ teamId: 'team-1', teamMemberId: 'team-member-1', userId: 'user-1' }] }],
    };
    expect(types(decideDeleteOrganization({ now }, state, rules))).toEqual([
      'InvitationCanceled',
      'TeamMemberRemoved',
      'TeamRemoved',
      'MemberRemoved',
      'MemberRemoved',
      'OrganizationDeleted',
    ]);
    expect(errorCode(() => decideDeleteOrganization({ now }, { ...state, caller: admin }, rules))).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
    );
    expect(errorCode(() => decideDeleteOrganization({ now }, state, { deletionEnabled: false }))).toBe(
      'ORGANIZATION_DELETION_DISABLED',
    );
  });
});
