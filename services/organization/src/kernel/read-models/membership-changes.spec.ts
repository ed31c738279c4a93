import type { PublishedEvent } from '@authsvc/contracts';
import { membershipChanges } from './membership-changes.js';

const event = (type: string, streamPosition: number, data: object): PublishedEvent =>
  ({ type, streamPosition, data }) as PublishedEvent;
const added = (streamPosition: number, organizationId: string, userId: string) =>
  event('MemberAdded', streamPosition, {
    organizationId,
    userId,
    memberId: `m-${userId}`,
    role: 'member',
    createdAt: '2026-11-27T10:00:00.000Z',
  });

describe('membershipChanges', () => {
  it('names each membership the events changed once, at its latest position', () => {
    const events = [
      event('MemberRemoved', 4, { organizationId: 'o1', userId: 'u1' }),
      event('MemberRoleChanged', 5, { organizationId: 'o1', userId: 'u2' }),
      added(6, 'o1', 'u1'),
    ];
    expect(membershipChanges(events)).toMatchObject([
      { organizationId: 'o1', userId: 'u1', version: 6 },
      { organizationId: 'o1', userId: 'u2', version: 5 },
    ]);
  });

  it('says the entry of an addition and of a removal, and leaves a role change to be read from its row', () => {
    const events = [
      event('MemberAdded', 7, {
        organizationId: 'o1',
        userId: 'u1',
        memberId: 'm1',
        role: 'admin,member',
        createdAt: '2026-11-27T10:00:00Z',
      }),
      event('MemberRemoved', 8, { organizationId: 'o1', userId: 'u2', memberId: 'm2' }),
      event('MemberRoleChanged', 9, { organizationId: 'o1', userId: 'u3', memberId: 'm3', role: 'owner' }),
    ];
    expect(membershipChanges(events).map((change) => change.entry)).toEqual([
      { version: 7, member: { id: 'm1', role: 'admin,member', createdAt: '2026-11-27T10:00:00.000Z' } },
      { version: 8, member: null },
      undefined,
    ]);
  });

  it('ignores the events that change no membership', () => {
    const events = [
      event('TeamMemberRemoved', 2, { organizationId: 'o1', userId: 'u1', teamId: 't1' }),
      event('OrganizationDeleted', 3, { organizationId: 'o1' }),
    ];
    expect(membershipChanges(events)).toEqual([]);
  });

  it('keeps the same user in two organizations apart', () => {
    const events = [added(1, 'o1', 'u1'), added(1, 'o2', 'u1')];
    expect(membershipChanges(events)).toHaveLength(2);
  });
});
