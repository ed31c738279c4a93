import { UserRegistered, type PublishedEvent, type UserView } from '@authsvc/contracts';
import { UserSnapshots } from '@authsvc/identity-users';
import { Injectable } from '@nestjs/common';
import { UserChanges } from './user-changes.js';
import { UserVersions } from './user-versions.js';

/** A user's view as a session entry carries it: null for a user that no longer exists. */
export interface UserReading {
  readonly user: UserView | null;
  /** The cache version the view was read at: an entry built from it is written only if still current. */
  readonly userVersion: string;
}

/**
 * The user half of every session answer. Identity's events keep the snapshots current (and each change is
 * reported, so that the cached copies of the older view go); identity itself is asked only when the snapshot is
 * missing or may be behind (a request that may change the user was just made).
 */
@Injectable()
export class UserViews {
  constructor(
    private readonly versions: UserVersions,
    private readonly snapshots: UserSnapshots,
    private readonly changes: UserChanges,
  ) {}

  async read(userId: string, correlationId: string): Promise<UserReading> {
    // The version is read before the data, so an entry built from data that a change overtook is refused.
    const state = await this.versions.state(userId);
    if (!state.pending) {
      const snapshot = await this.snapshots.find(userId);
      if (snapshot) return { user: snapshot.view, userVersion: state.version };
    }
    return this.fetch(userId, correlationId, state.version);
  }

  /** The caller's request may change the user: misses ask identity for a while, and cached entries go. */
  async expectChange(userId: string): Promise<void> {
    await this.versions.markPending(userId);
    await this.changes.mayChange(userId);
  }

  /**
   * Identity changed the user and has committed it: from now on every session of theirs shows identity's view.
   * Misses ask identity for a while and the cached entries go (as for an expected change), and the snapshot takes
   * identity's view at once (should the event be slow); the view, null for a user that no longer exists.
   */
  async follow(userId: string, correlationId: string): Promise<UserView | null> {
    await this.expectChange(userId);
    return (await this.fetch(userId, correlationId, '')).user;
  }

  /** Takes in one identity event (at least once, in any order); a throw means "deliver it again". */
  async apply(event: PublishedEvent): Promise<void> {
    const projected = await this.snapshots.apply(event);
    if (!projected) return;
    const { key: userId, outcome } = projected;
    if (outcome.type === 'resync') await this.fetch(userId, event.metadata.correlationId, '');
    // A user's registration replaces nothing: their sessions were cached with the view their sign-up (whose session
    // start fetches it from identity, so the snapshot may hold it before this event arrives) or a later sign-in
    // proved, which is this one or newer, so no entry or new session is stale.
    if (outcome.type !== 'store' || (event.type === UserRegistered.type && outcome.snapshot.view)) return;
    if (!(await this.changes.changed(userId, outcome.snapshot.view))) {
      throw new Error(`the cached sessions of user ${userId} could not be dropped (Redis unreachable)`);
    }
  }

  private async fetch(userId: string, correlationId: string, version: string): Promise<UserReading> {
    const fetched = await this.snapshots.fetch(userId, correlationId);
    if (!fetched) return { user: null, userVersion: version };
    const { snapshot, replaced } = fetched;
    // Other sessions' entries may hold the replaced view. This reading keeps the version read before, so the
    // entry built from it is refused once; the next miss reads the stored snapshot under the new version.
    if (replaced) await this.changes.changed(userId, snapshot.view);
    return { user: snapshot.view, userVersion: version };
  }
}
