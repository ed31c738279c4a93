import type { PublishedEvent } from '@authsvc/contracts';
import { membershipChanges } from './membership-changes.js';

const event = (type: string, streamPosition: number, data: object): PublishedEvent =>
  ({ type, streamPosition, data }) as PublishedEvent;

describe('membershipChanges', () => {
  it('names each membership the events changed once, at its latest position', () => {
    const events = [
      event('MemberRemoved', 4, { organizationId: 'o1', userId: 'u1' }),
      event('MemberRoleChanged', 5, { organizationId: 'o1', userId: 'u2' }),
      event('MemberAdded', 6, { organizationId: 'o1', userId: 'u1' }),
    ];
    expect(membershipChanges(events)).toEqual([
      { organizationId: 'o1', userId: 'u1', version: 6 },
      { organizationId: 'o1', userId: 'u2', version: 5 },
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
    const events = [
      event('MemberAdded', 1, { organizationId: 'o1', userId: 'u1' }),
      event('MemberAdded', 1, { organizationId: 'o2', userId: 'u1' }),
    ];
    expect(membershipChanges(events)).toHaveLength(2);
  });
});
