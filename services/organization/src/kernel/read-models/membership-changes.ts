import {
  MemberAdded,
  MemberRemoved,
  MemberRoleChanged,
  type DataOf,
  type MemberReadModel,
  type PublishedEvent,
} from '@authsvc/contracts';

const MEMBERSHIP_EVENTS: ReadonlySet<string> = new Set([MemberAdded.type, MemberRoleChanged.type, MemberRemoved.type]);

/** The memberships a run of events changed, each with the stream position of its last change there. */
export interface MembershipChange {
  readonly organizationId: string;
  readonly userId: string;
  readonly version: number;
  /**
   * The published entry, when the last change alone says what it is (an addition, a removal); undefined when the
   * entry must be read from the membership's row (a role change carries no join time).
   */
  readonly entry?: MemberReadModel;
}

/** The entry a membership event alone determines, at its position. */
function entryOf(event: PublishedEvent): MemberReadModel | undefined {
  if (event.type === MemberRemoved.type) return { version: event.streamPosition, member: null };
  if (event.type !== MemberAdded.type) return undefined;
  const { memberId, role, createdAt } = event.data as DataOf<typeof MemberAdded>;
  const member = { id: memberId, role, createdAt: new Date(createdAt).toISOString() };
  return { version: event.streamPosition, member };
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
    const previous = changes.get(key);
    if (previous && previous.version > event.streamPosition) continue;
    changes.set(key, { organizationId, userId, version: event.streamPosition, entry: entryOf(event) });
  }
  return [...changes.values()];
}
