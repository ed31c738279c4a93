import type { SessionView } from '@authsvc/contracts';
import type { Redis } from 'ioredis';

const KEY_PREFIX = 'session:token:';
/**
 * Entries live at most this long, so that a delete missed while Redis was unreachable (and a Redis that
 * comes back from disk with the old entry) cannot keep a revoked session alive for longer than this.
 */
const MAX_ENTRY_LIFETIME_MS = 10 * 60 * 1000;

/**
 * Redis copy of live sessions, keyed by token. Redis is a cache here: a Redis failure reads as a miss and
 * the durable copy in Postgres answers instead.
 */
export class SessionCache {
  constructor(private readonly redis: Redis) {}

  async get(token: string): Promise<SessionView | undefined> {
    const cached = await this.redis.get(KEY_PREFIX + token).catch(() => null);
    return cached ? (JSON.parse(cached) as SessionView) : undefined;
  }

  async put(session: SessionView, now: Date): Promise<void> {
    const untilExpiry = new Date(session.expiresAt).getTime() - now.getTime();
    if (untilExpiry <= 0) return;
    const ttl = Math.min(untilExpiry, MAX_ENTRY_LIFETIME_MS);
    await this.redis.set(KEY_PREFIX + session.token, JSON.stringify(session), 'PX', ttl).catch(() => undefined);
  }

  /** False when Redis could not be reached: the entry then ends by its bounded lifetime. */
  async remove(token: string): Promise<boolean> {
    return this.redis.del(KEY_PREFIX + token).then(
      () => true,
      () => false,
    );
  }
}
