import { createHash } from 'node:crypto';
import { DomainError, RequestErrors } from '@authsvc/errors';
import type { Redis } from 'ioredis';
import { lockSchedule, type ThrottleSettings } from './throttle-backoff.js';

/** Identity's own Redis keys; no other process reads or writes them. */
const KEY_PREFIX = 'identity:throttle:';

/** How long failures are remembered after the last one: a success resets them sooner. */
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * One round trip, atomic, on Redis's clock (so every replica of identity agrees): refuses an attempt while the
 * account is locked (returns the milliseconds left, and does not count it); otherwise counts it as a failure
 * until its password proves right, locking the account once the count reaches the threshold. Counting before
 * the password is compared means parallel guesses cannot all slip through before the first failure is recorded.
 * KEYS[1]: the account's hash; ARGV: the failure memory (ms), the threshold, then the lock schedule (ms).
 */
const ADMIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lockedUntil = tonumber(redis.call('HGET', KEYS[1], 'lockedUntil') or '0')
if lockedUntil > now then return lockedUntil - now end
local step = redis.call('HINCRBY', KEYS[1], 'failures', 1) - tonumber(ARGV[2])
if step >= 0 then
  redis.call('HSET', KEYS[1], 'lockedUntil', now + tonumber(ARGV[math.min(step + 3, #ARGV)]))
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

const ADMIT_COMMAND = 'identityThrottleAdmit';

/** The admit script as ioredis runs it: the key, then its arguments; the milliseconds the account stays locked. */
type AdmitCommand = (key: string, ...args: number[]) => Promise<number>;

/**
 * Whose password is being tried: a known account by its user id (so sign-in by email and by username, verify-
 * password, change-password and delete-user share one count), or an identifier that names no account, by its
 * normalised value, so that an unknown login is throttled exactly like a known one and the answer tells nothing
 * about existence. Identifiers go into keys hashed: of one length however long the login, and not in clear.
 */
export type ThrottledAccount = { readonly userId: string } | { readonly column: string; readonly value: string };

/**
 * Per-account throttling of password checks, across every replica: after `threshold` consecutive failures the
 * account is locked for an exponentially growing delay, capped; a right password resets the count. While locked,
 * even the right password is refused with 429 TOO_MANY_REQUESTS, the wait in seconds travelling with the error
 * (the gateway sends it as `X-Retry-After`). Without Redis no password is checked (503): the throttle fails closed.
 */
export class AccountThrottle {
  private readonly schedule: readonly number[];
  private readonly admit: AdmitCommand;

  constructor(
    private readonly redis: Redis,
    private readonly settings: ThrottleSettings,
  ) {
    this.schedule = lockSchedule(settings);
    // A defined command runs by its SHA (EVALSHA), loading the script only when Redis lacks it: every password
    // check would otherwise send the whole script, and Redis hash it, again.
    redis.defineCommand(ADMIT_COMMAND, { numberOfKeys: 1, lua: ADMIT_SCRIPT });
    this.admit = (redis as unknown as Record<typeof ADMIT_COMMAND, AdmitCommand>)[ADMIT_COMMAND].bind(redis);
  }

  /** Runs `verify` (true: the password is right) under the throttle of `account`, and answers what it answered. */
  async passes(account: ThrottledAccount, verify: () => Promise<boolean>): Promise<boolean> {
    const key = KEY_PREFIX + keyOf(account);
    const lockedForMs = await this.reach(() =>
      this.admit(key, FAILURE_MEMORY_MS, this.settings.threshold, ...this.schedule),
    );
    if (lockedForMs > 0) {
      throw new DomainError(RequestErrors.TOO_MANY_REQUESTS, { retryAfterSeconds: Math.ceil(lockedForMs / 1000) });
    }
    const right = await verify();
    if (right) await this.reach(() => this.redis.del(key));
    return right;
  }

  private async reach<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    }
  }
}

function keyOf(account: ThrottledAccount): string {
  if ('userId' in account) return `user:${account.userId}`;
  return `${account.column}:${createHash('sha256').update(account.value).digest('base64url')}`;
}
