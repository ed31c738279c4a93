import type { Redis } from 'ioredis';
import type { RateLimitRule } from './rate-limit-rules.js';

const KEY_PREFIX = 'gateway:ratelimit:';

/** DECR only while the window lives: a DECR of an expired key would leave a count without expiry. */
const RELEASE_SCRIPT = "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DECR', KEYS[1]) end return 0";

/**
 * Fixed-window counter in Redis, so every gateway replica counts against the same limit. INCR and the
 * first PEXPIRE run in one MULTI: concurrent requests cannot both see an empty window.
 */
export class RateLimiter {
  constructor(private readonly redis: Redis) {}

  /** Milliseconds to wait when over the limit, 0 when the request may pass, undefined when Redis is away. */
  async retryAfterMs(key: string, rule: RateLimitRule): Promise<number | undefined> {
    const redisKey = KEY_PREFIX + key;
    const results = await this.redis
      .multi()
      .incr(redisKey)
      .pexpire(redisKey, rule.windowMs, 'NX')
      .pttl(redisKey)
      .exec()
      .catch(() => null);
    if (!results || results.some(([error]) => error)) return undefined;
    const [[, count], , [, ttl]] = results as [[unknown, number], unknown, [unknown, number]];
    return count > rule.max ? Math.max(ttl, 1) : 0;
  }

  /** Gives back one count of `key` (a request that turned out not to do what was counted); never creates a key. */
  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, KEY_PREFIX + key).catch(() => undefined);
  }
}
