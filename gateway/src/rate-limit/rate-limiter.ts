import type { Redis } from 'ioredis';
import type { RateLimitRule } from './rate-limit-rules.js';

const KEY_PREFIX = 'gateway:ratelimit:';

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
}
