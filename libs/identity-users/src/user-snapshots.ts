import type { PublishedEvent, UserView } from '@authsvc/contracts';
import { ConsumerProjector, type ProjectedEvent } from '@authsvc/platform';
import type { IdentityUsers } from './identity-users.js';
import { mergeFetchedUser, type UserSnapshot } from './user-snapshot.js';
import { userSnapshotProjection, type SnapshotOutcome } from './user-snapshot.projection.js';
import type { UserSnapshotStore } from './user-snapshot.store.js';

/** Identity's current view merged into the snapshot: the snapshot after, and whether it replaced a stored view. */
export interface FetchedSnapshot {
  readonly snapshot: UserSnapshot;
  readonly replaced: boolean;
}

/**
 * A service's copy of identity's users. Identity's events keep it current (at least once, in any order);
 * identity itself is asked only when the copy cannot answer or may be behind (`fetch`), which is also how a
 * service answers a `resync` outcome.
 */
export class UserSnapshots {
  private readonly projector: ConsumerProjector<UserSnapshot, SnapshotOutcome>;

  constructor(
    private readonly store: UserSnapshotStore,
    private readonly identity: IdentityUsers,
  ) {
    this.projector = new ConsumerProjector(userSnapshotProjection, store);
  }

  find(userId: string): Promise<UserSnapshot | null> {
    return this.store.find(userId);
  }

  /** The user's public view: the stored one, else identity's (then stored); null for a user identity lacks. */
  async view(userId: string, correlationId: string): Promise<UserView | null> {
    const stored = await this.store.find(userId);
    if (stored) return stored.view;
    return (await this.fetch(userId, correlationId))?.snapshot.view ?? null;
  }

  /** Takes in one identity event; null when it is about no user's view. A throw means "deliver it again". */
  apply(event: PublishedEvent): Promise<ProjectedEvent<UserSnapshot, SnapshotOutcome> | null> {
    return this.projector.apply(event);
  }

  /**
   * Asks identity for the user and keeps the newer of its view and the stored one (a deleted user stays
   * deleted); null when identity knows no such user.
   */
  async fetch(userId: string, correlationId: string): Promise<FetchedSnapshot | null> {
    const fetched = await this.identity.get(userId, correlationId);
    if (!fetched) return null;
    return this.store.update(userId, (current) => {
      const merged = mergeFetchedUser(current, fetched);
      return {
        write: merged.changed ? merged.snapshot : undefined,
        result: { snapshot: merged.snapshot, replaced: merged.changed && current !== null },
      };
    });
  }
}
