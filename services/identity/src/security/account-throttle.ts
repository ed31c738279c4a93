import { createHash } from 'node:crypto';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { clientKeyOf, randomString } from '@authsvc/platform';
import type { Redis } from 'ioredis';
import { passwordFailureOf, type PasswordFailure } from './password-failure.js';
import { lockSchedule, type ThrottleSettings } from './throttle-backoff.js';

/** Identity's own Redis keys; no other process reads or writes them. */
const KEY_PREFIX = 'identity:throttle:';

/** How long failures are remembered after the last one: a success resets a client's sooner. */
const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

/** How long a right password from a client vouches for it against the account-wide lock. */
const PROVEN_CLIENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

/** The audit log records the first failure of an account in each window this long, and counts the rest. */
export const FAILURE_AUDIT_WINDOW_MS = 60 * 1000;

/** Redis's clock in milliseconds, as `now`. */
const LUA_NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/**
 * State kept before the account's last completed reset counts for nothing: every hash records the account's
 * generation (`epoch`, a value the reset replaces; '' before any reset), and one of an older generation is dropped
 * when next read. So a reset clears every client's count at once without knowing the clients. The generation key
 * outlives whatever names it (`PEXPIRE … GT`), so no stale state can match a generation that expired.
 */
const LUA_HELPERS = `${LUA_NOW}
local epoch = redis.call('GET', KEYS[1]) or ''
local function keep(ms)
  if epoch ~= '' then redis.call('PEXPIRE', KEYS[1], ms, 'GT') end
end
local function current(key)
  if (redis.call('HGET', key, 'epoch') or '') ~= epoch then redis.call('DEL', key) end
end
`;

/**
 * One round trip, atomic, on Redis's clock (so every replica of identity agrees). Refuses an attempt, uncounted,
 * while this client is locked out of the account, or while the whole account is locked and this client has not
 * proven itself (no right password from it lately): the milliseconds left. Otherwise counts it as a failure of the
 * client and of the account until its password proves right, locking either once its count reaches its threshold.
 * Counting before the password is compared means parallel guesses cannot all slip through before the first
 * failure is recorded. Answers {milliseconds locked, 0, 0, 0} when refused, else {0, the account's lock before, the
 * account's lock after, the account's failures}, for the success script to take back a lock the attempt set, and
 * for the audit log to record a lock it set.
 * KEYS: the account's generation, the account's count, this client's count, this client's proof.
 * ARGV: the failure memory (ms), the client threshold, the account threshold, then the lock schedule (ms).
 */
const ADMIT_SCRIPT = `${LUA_HELPERS}
current(KEYS[2])
current(KEYS[3])
local clientLock = tonumber(redis.call('HGET', KEYS[3], 'lockedUntil') or '0')
if clientLock > now then return {clientLock - now, 0, 0} end
local accountLock = tonumber(redis.call('HGET', KEYS[2], 'lockedUntil') or '0')
if accountLock > now and redis.call('GET', KEYS[4]) ~= epoch then return {accountLock - now, 0, 0} end
local function count(key, threshold)
  local step = redis.call('HINCRBY', key, 'failures', 1) - threshold
  if step >= 0 then
    redis.call('HSET', key, 'lockedUntil', now + tonumber(ARGV[math.min(step + 4, #ARGV)]))
  end
  redis.call('HSET', key, 'epoch', epoch)
  redis.call('PEXPIRE', key, ARGV[1])
end
count(KEYS[3], tonumber(ARGV[2]))
count(KEYS[2], tonumber(ARGV[3]))
keep(ARGV[1])
local accountLockAfter = tonumber(redis.call('HGET', KEYS[2], 'lockedUntil') or '0')
return {0, accountLock, accountLockAfter, tonumber(redis.call('HGET', KEYS[2], 'failures'))}
`;

/**
 * After a right password: the client's count starts again, the attempt no longer counts against the account, nor
 * does the account lock it set stand, unless a failure has moved the lock since (the account's count is not
 * reset: an attacker's failures from elsewhere stand), and the client is proven.
 * KEYS as the admit script's; ARGV: how long the proof lasts (ms), the account's lock before and after admission.
 */
const SUCCEED_SCRIPT = `${LUA_HELPERS}
redis.call('DEL', KEYS[3])
current(KEYS[2])
if tonumber(redis.call('HGET', KEYS[2], 'failures') or '0') > 0 then
  redis.call('HINCRBY', KEYS[2], 'failures', -1)
  if redis.call('HGET', KEYS[2], 'lockedUntil') == ARGV[3] then
    redis.call('HSET', KEYS[2], 'lockedUntil', ARGV[2])
  end
end
redis.call('SET', KEYS[4], epoch, 'PX', ARGV[1])
keep(ARGV[1])
return 0
`;

/**
 * After a wrong password: whether it is the first failure of the account in the audit window, decided on Redis's
 * clock so that every replica agrees. Answers the failures left out since the last recorded one when it opens a
 * window, else -1 after counting itself as left out. The count lasts as long as failures are remembered.
 * KEYS: the account's audit window; ARGV: the window (ms), the failure memory (ms).
 */
const AUDIT_WINDOW_SCRIPT = `${LUA_NOW}
local window = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
local answer = -1
if window > now then
  redis.call('HINCRBY', KEYS[1], 'left-out', 1)
else
  answer = tonumber(redis.call('HGET', KEYS[1], 'left-out') or '0')
  redis.call('HSET', KEYS[1], 'until', now + tonumber(ARGV[1]), 'left-out', 0)
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return answer
`;

const ADMIT_COMMAND = 'identityThrottleAdmit';
const SUCCEED_COMMAND = 'identityThrottleSucceed';
const AUDIT_WINDOW_COMMAND = 'identityThrottleAuditWindow';

/** A throttle script as ioredis runs it: its keys, then its arguments. */
type ThrottleCommand<Reply> = (...keysThenArgs: (string | number)[]) => Promise<Reply>;

/** The admit script's answer: the milliseconds locked (0: admitted), the account's lock before and after, its count. */
type Admission = [lockedForMs: number, accountLockBefore: number, accountLockAfter: number, failures: number];

/** A password check's outcome: right, or wrong with what the audit log records of the failure. */
export type PasswordCheck = { readonly right: true } | { readonly right: false; readonly failure: PasswordFailure };

/**
 * Whose password is being tried: a known account by its user id (so sign-in by email and by username, verify-
 * password, change-password and delete-user share one count), or an identifier that names no account, by its
 * normalised value, so that an unknown login is throttled exactly like a known one and the answer tells nothing
 * about existence. Identifiers go into keys hashed: of one length however long the login, and not in clear.
 */
export type ThrottledAccount = { readonly userId: string } | { readonly column: string; readonly value: string };

/**
 * Throttling of password checks per account and client (IPv4 address or IPv6 /64), across every replica, so that
 * an attacker cannot lock the owner out:
 * - a client's `threshold` consecutive failures lock the account for that client alone, for an exponentially
 *   growing delay, capped; a right password from it resets its count;
 * - `accountThreshold` failures of the account from all clients together (guesses spread over many addresses)
 *   lock it likewise, but only for clients that have not proven themselves by a right password in the last
 *   30 days: the owner's usual devices keep signing in;
 * - a completed password reset clears both (`clear`).
 * A refusal is 429 TOO_MANY_REQUESTS, the wait in seconds travelling with the error (the gateway sends it as
 * `X-Retry-After`); even the right password is refused while locked. Without Redis no password is checked (503):
 * the throttle fails closed.
 */
export class AccountThrottle {
  private readonly schedule: readonly number[];
  private readonly admit: ThrottleCommand<Admission>;
  private readonly succeed: ThrottleCommand<number>;
  private readonly auditWindow: ThrottleCommand<number>;

  constructor(
    private readonly redis: Redis,
    private readonly settings: ThrottleSettings,
    private readonly auditWindowMs = FAILURE_AUDIT_WINDOW_MS,
  ) {
    this.schedule = lockSchedule(settings);
    // A defined command runs by its SHA (EVALSHA), loading the script only when Redis lacks it: every password
    // check would otherwise send the whole script, and Redis hash it, again.
    redis.defineCommand(ADMIT_COMMAND, { numberOfKeys: 4, lua: ADMIT_SCRIPT });
    redis.defineCommand(SUCCEED_COMMAND, { numberOfKeys: 4, lua: SUCCEED_SCRIPT });
    redis.defineCommand(AUDIT_WINDOW_COMMAND, { numberOfKeys: 1, lua: AUDIT_WINDOW_SCRIPT });
    const commands = redis as unknown as Record<typeof ADMIT_COMMAND, ThrottleCommand<Admission>> &
      Record<typeof SUCCEED_COMMAND | typeof AUDIT_WINDOW_COMMAND, ThrottleCommand<number>>;
    this.admit = commands[ADMIT_COMMAND].bind(redis);
    this.succeed = commands[SUCCEED_COMMAND].bind(redis);
    this.auditWindow = commands[AUDIT_WINDOW_COMMAND].bind(redis);
  }

  /**
   * Runs `verify` (true: the password is right) under the throttle of `account` for the client at `address`, and
   * answers whether it was right, and if not what the audit log records of the failure. The audit window is
   * consulted for logins that name no account too, so that a failure costs Redis the same work either way.
   */
  async check(account: ThrottledAccount, address: string, verify: () => Promise<boolean>): Promise<PasswordCheck> {
    const keys = keysOf(account, address);
    const { threshold, accountThreshold } = this.settings;
    const [lockedForMs, accountLockBefore, accountLockAfter, failures] = await this.reach(() =>
      this.admit(...keys, FAILURE_MEMORY_MS, threshold, accountThreshold, ...this.schedule),
    );
    if (lockedForMs > 0) {
      throw new DomainError(RequestErrors.TOO_MANY_REQUESTS, { retryAfterSeconds: Math.ceil(lockedForMs / 1000) });
    }
    if (await verify()) {
      await this.reach(() => this.succeed(...keys, PROVEN_CLIENT_MEMORY_MS, accountLockBefore, accountLockAfter));
      return { right: true };
    }
    const [, accountKey] = keys;
    const window = `${accountKey}:audit`;
    const opened = await this.reach(() => this.auditWindow(window, this.auditWindowMs, FAILURE_MEMORY_MS));
    const lock = { lockedUntilBefore: accountLockBefore, lockedUntilAfter: accountLockAfter, failures };
    return { right: false, failure: passwordFailureOf(lock, opened < 0 ? null : opened) };
  }

  /**
   * Forgets every failure, lock and proven client of the account: its owner has just proved control of it by a
   * mailed reset link, so nothing an attacker did before may keep them out.
   */
  async clear(account: ThrottledAccount): Promise<void> {
    const [generation] = keysOf(account, '');
    await this.reach(() => this.redis.set(generation, randomString(), 'PX', PROVEN_CLIENT_MEMORY_MS));
  }

  private async reach<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    }
  }
}

/** The keys of the scripts: the account's generation, its count, the client's count, the client's proof. */
function keysOf(account: ThrottledAccount, address: string): [string, string, string, string] {
  const base = KEY_PREFIX + accountKeyOf(account);
  const client = hashed(clientKeyOf(address));
  return [`${base}:epoch`, base, `${base}:client:${client}`, `${base}:proven:${client}`];
}

function accountKeyOf(account: ThrottledAccount): string {
  if ('userId' in account) return `user:${account.userId}`;
  return `${account.column}:${hashed(account.value)}`;
}

function hashed(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}
