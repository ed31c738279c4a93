import { Redis } from 'ioredis';
import { reach } from './infrastructure-unavailable.js';

/**
 * Commands fail at once while Redis is away (no offline queue), so callers can fall back to Postgres
 * instead of waiting; the client keeps reconnecting in the background. Commands issued in the same tick go out in
 * one write (auto-pipelining): under load, concurrent requests share a round trip instead of a syscall each.
 */
export async function connectRedis(redisUrl: URL, name: string): Promise<Redis> {
  const redis = new Redis(redisUrl.toString(), {
    connectionName: name,
    enableAutoPipelining: true,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  redis.on('error', () => undefined);
  await reach('Redis', redisUrl, async () => {
    await redis.connect();
    await redis.ping();
  });
  return redis;
}
