import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { AccountThrottle } from '../src/security/account-throttle';
import { TEST_REDIS_URL } from '../../../gateway/test/support/test-redis';

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
/** Small thresholds, and locks long enough that none runs out during a test. */
const throttle = new AccountThrottle(redis, {
  threshold: 3,
  accountThreshold: 5,
  baseDelayMs: 60_000,
  maxDelayMs: 600_000,
});

const right = () => Promise.resolve(true);
const wrong = () => Promise.resolve(false);

/** What one attempt of `address` on `account` answers: 'right', 'wrong', or the wait in seconds when refused. */
async function attempt(
  account: { userId: string },
  address: string,
  verify: () => Promise<boolean>,
): Promise<'right' | 'wrong' | number> {
  try {
    return (await throttle.passes(account, address, verify)) ? 'right' : 'wrong';
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
