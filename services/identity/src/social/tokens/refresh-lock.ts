import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/** Identity's own Redis keys; no other process reads them. */
const KEY_PREFIX = 'identity:provider-token-refresh:';
/**
 * Longer than a refresh can take (the provider's 10 s timeout, then one append), so the lock outlives its holder's
 * work; a holder that crashed frees it after this long.
 */
const LOCK_TTL_MS = 15_000;
const POLL_MS = 25;

// Deletes the lock only while it is still this holder's: after an expiry another holder's lock stays.
const RELEASE_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * One refresh of an account's provider tokens at a time, across identity's replicas: a rotating refresh token
 * works once, so a second grant with it would fail (and make the provider revoke the grant).
 */
export class RefreshLock {
  constructor(private readonly redis: Redis) {}

  /** The release of the account's lock when this caller got it; `undefined` while another holds it. */
  async acquire(accountId: string): Promise<(() => Promise<void>) | undefined> {
    const key = KEY_PREFIX + accountId;
    const owner = randomBytes(16).toString('base64url');
    if ((await this.redis.set(key, owner, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') return undefined;
    return async () => {
      await this.redis.eval(RELEASE_IF_OWNER, 1, key, owner);
    };
  }

  /** Resolves once no one holds the account's lock, or at `deadline` (a time in ms), whichever comes first. */
  async released(accountId: string, deadline: number): Promise<void> {
    while (Date.now() < deadline && (await this.redis.exists(KEY_PREFIX + accountId)) === 1) await sleep(POLL_MS);
  }
}
