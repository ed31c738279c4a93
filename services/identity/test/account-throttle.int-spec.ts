import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountThrottle } from '../src/security/account-throttle';
import type { PasswordFailure } from '../src/security/password-failure';
import { TEST_REDIS_URL } from '../../../gateway/test/support/test-redis';

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
/** Small thresholds, and locks long enough that none runs out during a test. */
const settings = { threshold: 3, accountThreshold: 5, baseDelayMs: 60_000, maxDelayMs: 600_000 };
const throttle = new AccountThrottle(redis, settings);
/** The audit window that a test can wait out. */
const AUDIT_WINDOW_MS = 300;

const right = () => Promise.resolve(true);
const wrong = () => Promise.resolve(false);

/** What one attempt of `address` on `account` answers: 'right', 'wrong', or the wait in seconds when refused. */
async function attempt(
  account: { userId: string },
  address: string,
  verify: () => Promise<boolean>,
): Promise<'right' | 'wrong' | number> {
  try {
    return (await throttle.check(account, address, verify)).right ? 'right' : 'wrong';
  } catch (error) {
    const { code, retryAfterSeconds } = error as { code: string; retryAfterSeconds: number };
    if (code !== 'TOO_MANY_REQUESTS') throw error;
    return retryAfterSeconds;
  }
}

const failures = async (account: { userId: string }, addresses: readonly string[]) => {
  for (const address of addresses) expect(await attempt(account, address, wrong)).toBe('wrong');
};

describe('AccountThrottle against Redis', () => {
  let account: { userId: string };

  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());
  beforeEach(() => {
    account = { userId: randomUUID() };
  });

  it('locks a failing client alone; an IPv6 client is its /64', async () => {
    await failures(account, ['2001:db8:0:1::a', '2001:db8:0:1::b', '2001:db8:0:1:ffff::c']);
    expect(await attempt(account, '2001:db8:0:1::d', right)).toBe(60);
    expect(await attempt(account, '203.0.113.9', right)).toBe('right');
  });

  it('locks the account for unproven clients after failures from anywhere, never for a proven client', async () => {
    expect(await attempt(account, '203.0.113.1', right)).toBe('right');
    await failures(account, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']);
    expect(await attempt(account, '198.51.100.6', right)).toBe(60);
    expect(await attempt(account, '198.51.100.1', wrong)).toBe(60);
    expect(await attempt(account, '203.0.113.1', right)).toBe('right');
  });

  it('lets a right password neither count against the account nor set its lock', async () => {
    await failures(account, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']);
    // The fifth attempt would lock the account were it a failure: it is the owner's right password.
    for (let signIn = 0; signIn < 3; signIn += 1) expect(await attempt(account, '203.0.113.1', right)).toBe('right');
    expect(await attempt(account, '198.51.100.5', right)).toBe('right');
    await failures(account, ['198.51.100.6']);
    expect(await attempt(account, '198.51.100.7', right)).toBe(60);
  });

  it('doubles the account-wide lock with each failure a proven client adds to it', async () => {
    expect(await attempt(account, '203.0.113.1', right)).toBe('right');
    await failures(account, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']);
    await failures(account, ['203.0.113.1']);
    expect(await attempt(account, '198.51.100.6', right)).toBe(120);
  });

  it('forgets every count, lock and proof of the account at a reset, and only of that account', async () => {
    const other = { userId: randomUUID() };
    await failures(other, ['192.0.2.1', '192.0.2.1', '192.0.2.1']);
    expect(await attempt(account, '203.0.113.1', right)).toBe('right');
    await failures(account, ['192.0.2.1', '192.0.2.1', '192.0.2.1', '198.51.100.1', '198.51.100.2']);
    expect(await attempt(account, '192.0.2.1', right)).toBe(60);
    expect(await attempt(account, '198.51.100.3', right)).toBe(60);

    await throttle.clear(account);
    expect(await attempt(account, '198.51.100.3', right)).toBe('right');
    await failures(account, ['192.0.2.1', '192.0.2.1']);
    expect(await attempt(account, '192.0.2.1', right)).toBe('right');
    expect(await attempt(other, '192.0.2.1', right)).toBe(60);
    // The proof from before the reset is gone: the client is as unproven as any once the account locks again.
    await failures(account, ['198.51.100.4', '198.51.100.5', '198.51.100.6']);
    expect(await attempt(account, '203.0.113.1', right)).toBe(60);
  });
});

describe('AccountThrottle: what the audit log records of failures', () => {
  /** A second connection, as another replica of identity has. */
  const replica = new Redis(TEST_REDIS_URL, { lazyConnect: true });
  const replicas = (accountThreshold: number) =>
    [redis, replica].map((client) => new AccountThrottle(client, { ...settings, accountThreshold }, AUDIT_WINDOW_MS));
  /** Replicas whose account-wide lock these tests never reach, and replicas of the usual settings. */
  const throttles = replicas(100);
  const locking = replicas(settings.accountThreshold);
  let account: { userId: string };

  /** What each wrong password from these addresses leaves in the audit log, through the replicas in turn. */
  const audited = async (addresses: readonly string[], on = throttles): Promise<PasswordFailure[]> => {
    const failures: PasswordFailure[] = [];
    for (const [index, address] of addresses.entries()) {
      const check = await on[index % 2]!.check(account, address, wrong);
      if (check.right) throw new Error('a wrong password passed');
      failures.push(check.failure);
    }
    return failures;
  };

  beforeAll(async () => {
    await replica.connect();
    if (redis.status !== 'ready') await redis.connect();
  });
  // The first describe closed the shared connection and this one opened it again: both go, or Jest never exits.
  afterAll(() => Promise.all([replica.quit(), redis.quit()]));
  beforeEach(() => {
    account = { userId: randomUUID() };
  });

  it('records the first failure of each window on any replica, and carries the count of those left out to the next', async () => {
    const first = await audited(['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']);
    expect(first.map(({ recorded }) => recorded)).toEqual([{ unrecordedFailures: 0 }, null, null, null]);
    await sleep(AUDIT_WINDOW_MS + 50);
    const next = await audited(['198.51.100.5', '198.51.100.6']);
    expect(next.map(({ recorded }) => recorded)).toEqual([{ unrecordedFailures: 3 }, null]);
  });

  it('records exactly one of many parallel failures', async () => {
    const checks = await Promise.all(
      Array.from({ length: 8 }, (_, index) => throttles[index % 2]!.check(account, `203.0.113.${index + 1}`, wrong)),
    );
    const recorded = checks.filter((check) => !check.right && check.failure.recorded !== null);
    expect(recorded).toHaveLength(1);
  });

  it('records every account-wide lock, with its end and count, and no client lock', async () => {
    expect((await locking[0]!.check(account, '203.0.113.1', right)).right).toBe(true);
    const before = Date.now();
    // One client locks itself at its third failure (a client lock: not recorded); the fifth locks the account.
    const clients = ['192.0.2.1', '192.0.2.1', '192.0.2.1', '198.51.100.1', '198.51.100.2'];
    const failures = await audited(clients, locking);
    expect(failures.slice(0, 4).map(({ accountLock }) => accountLock)).toEqual([null, null, null, null]);
    const lock = failures[4]!.accountLock!;
    expect(lock.failures).toBe(5);
    expect(lock.until.getTime()).toBeGreaterThanOrEqual(before + settings.baseDelayMs - 1000);
    expect(lock.until.getTime()).toBeLessThanOrEqual(Date.now() + settings.baseDelayMs + 1000);
    // A proven client's failure during the lock lengthens it: a lock set again, recorded again.
    const [longer] = await audited(['203.0.113.1'], locking);
    expect(longer!.accountLock!.failures).toBe(6);
    expect(longer!.accountLock!.until.getTime()).toBeGreaterThan(lock.until.getTime());
  });
});
