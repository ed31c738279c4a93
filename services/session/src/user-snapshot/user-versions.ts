import type { Redis } from 'ioredis';

const USER_PENDING_PREFIX = 'session:user-pending:';
/** How long, after a request that may change the user, their view is read from identity on a miss. */
const PENDING_CHANGE_MS = 5 * 1000;

/**
 * The key of the user's version, which moves on whenever their view changes. Whatever caches a view keeps the
 * version it was read at, and its scripts refuse to write it once the version moved on.
 */
export function userVersionKey(userId: string): string {
  return `session:user-version:${userId}`;
}

/** Where a user's view stands: the version a cached view must carry, and whether a change may be in flight. */
export interface UserVersionState {
  readonly version: string;
  readonly pending: boolean;
}

/** The user's version and pending-change marker in Redis; an unreachable Redis reads as version '', no change. */
export class UserVersions {
  constructor(private readonly redis: Redis) {}

  async state(userId: string): Promise<UserVersionState> {
    const [version, pending] = await this.redis
      .mget(userVersionKey(userId), USER_PENDING_PREFIX + userId)
      .catch(() => [null, null]);
    return { version: version ?? '', pending: pending !== null };
  }

  /** A request that may change the user is under way: until it surely ended, misses ask identity. */
  async markPending(userId: string): Promise<void> {
    await this.redis.set(USER_PENDING_PREFIX + userId, '1', 'PX', PENDING_CHANGE_MS).catch(() => undefined);
  }
}
