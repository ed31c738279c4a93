import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { PasswordlessStore } from '../src/passwordless/passwordless-store';
import { TEST_REDIS_URL } from '../../../gateway/test/support/test-redis';

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
const store = new PasswordlessStore(redis);
const MINUTE = 60_000;
const limits = { PASSWORDLESS_ADDRESS_SENDS: 3, PASSWORDLESS_ADDRESS_WINDOW: 60 };

describe('PasswordlessStore against Redis', () => {
  let addressId: string;

  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());
  beforeEach(() => {
    addressId = randomUUID();
  });

  const grant = () => ({ email: 'ada@example.com', name: 'Ada', addressId });

  it('gives a link to one of two replicas taking it at once, and expires it with its TTL', async () => {
    await store.issueLink(`a-${addressId}`, grant(), MINUTE);
    expect(await redis.pttl(`identity:passwordless:link:a-${addressId}`)).toBeGreaterThan(MINUTE - 5_000);
    const taken = await Promise.all([store.takeLink(`a-${addressId}`), store.takeLink(`a-${addressId}`)]);
    expect(taken.filter((one) => one !== null)).toEqual([grant()]);
  });

  it('voids the older link of the address when a new one is issued', async () => {
    await store.issueLink(`old-${addressId}`, grant(), MINUTE);
    await store.issueLink(`new-${addressId}`, grant(), MINUTE);
    expect(await store.takeLink(`old-${addressId}`)).toBeNull();
    expect(await store.takeLink(`new-${addressId}`)).toEqual(grant());
  });

  it('counts every attempt before the comparison, against the code and the budget', async () => {
    await store.issueOtp('sign-in', addressId, 'code-hash', Date.now() + MINUTE);
    const attempts = await Promise.all([1, 2, 3].map(() => store.attemptOtp('sign-in', addressId, 10, MINUTE)));
    const before = attempts.map((one) => (one.kind === 'counted' ? one.stored?.attemptsBefore : undefined));
    expect(before.sort()).toEqual([0, 1, 2]);
    expect(await redis.get(`identity:passwordless:otp-budget:${addressId}`)).toBe('3');
  });

  it('keeps the budget across new codes, and refuses every attempt once it is spent', async () => {
    await store.issueOtp('sign-in', addressId, 'first', Date.now() + MINUTE);
    await store.attemptOtp('sign-in', addressId, 3, MINUTE);
    await store.attemptOtp('sign-in', addressId, 3, MINUTE);
    await store.issueOtp('sign-in', addressId, 'second', Date.now() + MINUTE);
    expect(await store.attemptOtp('sign-in', addressId, 3, MINUTE)).toMatchObject({
      kind: 'counted',
      stored: { codeHash: 'second', attemptsBefore: 0 },
    });
    expect(await store.attemptOtp('sign-in', addressId, 3, MINUTE)).toEqual({ kind: 'budget-spent' });
  });

  it('spends a right code once, and gives its attempt back to the budget', async () => {
    await store.issueOtp('forget-password', addressId, 'right', Date.now() + MINUTE);
    await store.attemptOtp('forget-password', addressId, 10, MINUTE);
    const settled = await Promise.all([
      store.settleRightOtp('forget-password', addressId, 'right', true),
      store.settleRightOtp('forget-password', addressId, 'right', true),
    ]);
    expect(settled.sort()).toEqual([false, true]);
    expect(await redis.get(`identity:passwordless:otp-budget:${addressId}`)).toBe('0');
    expect(await store.attemptOtp('forget-password', addressId, 10, MINUTE)).toEqual({ kind: 'counted', stored: null });
  });

  it('leaves a checked code, and its try, in place', async () => {
    await store.issueOtp('email-verification', addressId, 'right', Date.now() + MINUTE);
    await store.attemptOtp('email-verification', addressId, 10, MINUTE);
    expect(await store.settleRightOtp('email-verification', addressId, 'right', false)).toBe(true);
    expect(await store.attemptOtp('email-verification', addressId, 10, MINUTE)).toMatchObject({
      stored: { codeHash: 'right', attemptsBefore: 0 },
    });
  });

  it('admits a bounded number of mails per address and window', async () => {
    const admitted = [];
    for (let send = 0; send < 5; send += 1) admitted.push(await store.admitSend(addressId, limits));
    expect(admitted).toEqual([true, true, true, false, false]);
    expect(await redis.pttl(`identity:passwordless:sends:${addressId}`)).toBeGreaterThan(55_000);
  });
});
