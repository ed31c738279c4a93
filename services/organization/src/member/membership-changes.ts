import { MemberAdded, MemberRemoved, MemberRoleChanged, type PublishedEvent } from '@authsvc/contracts';

const MEMBERSHIP_EVENTS: ReadonlySet<string> = new Set([MemberAdded.type, MemberRoleChanged.type, MemberRemoved.type]);

/** The memberships a run of events changed, each with the stream position of its last change there. */
export interface MembershipChange {
  readonly organizationId: string;
  readonly userId: string;
  readonly version: number;
}

/**
 * The memberships the events changed (the other events ignored), one entry per organization and user at the
 * position of its latest change: a member removed and added again in one append counts once.
 */
export function membershipChanges(events: readonly PublishedEvent[]): MembershipChange[] {
  const changes = new Map<string, MembershipChange>();
  for (const event of events) {
    if (!MEMBERSHIP_EVENTS.has(event.type)) continue;
    const { organizationId, userId } = event.data as { organizationId: string; userId: string };
    const key = `${organizationId}:${userId}`;
    const version = Math.max(event.streamPosition, changes.get(key)?.version ?? 0);
    changes.set(key, { organizationId, userId, version });
  }
  return [...changes.values()];
}
