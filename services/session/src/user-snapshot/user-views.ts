import { UserRegistered, type PublishedEvent, type SessionView, type UserView } from '@authsvc/contracts';
import { UserSnapshots } from '@authsvc/identity-users';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NEW_SESSION_VERSION, SessionCache } from '../session/session-cache.js';
import { SessionEntity } from '../session/session.entity.js';

/** A user's view as a session entry carries it: null for a user that no longer exists. */
export interface UserReading {
  readonly user: UserView | null;
  /** The cache version the view was read at: an entry built from it is written only if still current. */
  readonly userVersion: string;
}

/**
 * The user half of every session answer. Identity's events keep the snapshots current (and drop the
 * cached sessions of a changed user); identity itself is asked only when the snapshot is missing or may be
 * behind (a request that may change the user was just made).
 */
@Injectable()
export class UserViews {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
    private readonly snapshots: UserSnapshots,
  ) {}

  async read(userId: string, correlationId: string): Promise<UserReading> {
    // The version is read before the data, so an entry built from data that a change overtook is refused.
    const state = await this.cache.userState(userId);
    if (!state.pending) {
      const snapshot = await this.snapshots.find(userId);
      if (snapshot) return { user: snapshot.view, userVersion: state.version };
    }
    return this.fetch(userId, correlationId, state.version);
  }

  /**
   * Caches a new session with identity's view of the user from the proof that started it. Called once the
   * session is stored. A change of the user that overtook the proof either was applied already (its marker
   * refuses the view, and the user is read as on a miss), or moves the user version on, or finds the new
   * session's token when it drops the user's entries: the entry never keeps the older view.
   */
  async cacheNewSession(session: SessionView, proven: UserView, correlationId: string, now: Date): Promise<void> {
    if ((await this.cache.putNewSession({ session, user: proven }, now)) !== 'user-changed') return;
    const { user, userVersion } = await this.read(proven.id, correlationId);
    if (user) await this.cache.put({ session, user, userVersion }, NEW_SESSION_VERSION, now);
  }

  /** The caller's request may change the user: misses ask identity for a while, and cached entries go. */
  async expectChange(userId: string): Promise<void> {
    await this.cache.markPendingChange(userId);
    await this.invalidate(userId);
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
    if ((await this.changed(outcome.snapshot.view, userId)) === undefined) {
      throw new Error(`the cached sessions of user ${userId} could not be dropped (Redis unreachable)`);
    }
  }

  private async fetch(userId: string, correlationId: string, version: string): Promise<UserReading> {
    const fetched = await this.snapshots.fetch(userId, correlationId);
    if (!fetched) return { user: null, userVersion: version };
    const { snapshot, replaced } = fetched;
    // Other sessions' entries may hold the replaced view. This reading keeps the version read before, so the
    // entry built from it is refused once; the next miss reads the stored snapshot under the new version.
    if (replaced) await this.changed(snapshot.view, userId);
    return { user: snapshot.view, userVersion: version };
  }

  /** A change of the user was applied: noted for new sessions first, then their cached entries go. */
  private async changed(view: UserView | null, userId: string): Promise<string | undefined> {
    const noted = await this.cache.noteUserChange(userId, view).then(
      () => true,
      () => false,
    );
    return noted ? this.invalidate(userId) : undefined;
  }

  /** Drops the cached entries of the user's live sessions; the new user version (undefined: Redis down). */
  private async invalidate(userId: string): Promise<string | undefined> {
    const sessions = await this.dataSource
      .getRepository(SessionEntity)
      .find({ select: { token: true }, where: { userId } });
    return this.cache.invalidateUser(
      userId,
      sessions.map((session) => session.token),
    );
  }
}
