import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { ChallengeStore } from '../src/two-factor/challenge-store';
import { MailedCodes, MAILED_CODE_SENDS, MAILED_CODE_TRIES } from '../src/two-factor/mailed-codes';
import { LOCK_THRESHOLD, SecondFactorGuard } from '../src/two-factor/second-factor-guard';
import { TrustedDevices } from '../src/two-factor/trusted-devices';
import { TEST_REDIS_URL } from '../../../gateway/test/support/test-redis';

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
const challenges = new ChallengeStore(redis);
const codes = new MailedCodes(redis);
const guard = new SecondFactorGuard(redis);
const devices = new TrustedDevices(redis);
const now = new Date();

describe('second-factor limits against Redis', () => {
  let userId: string;

  beforeAll(() => redis.connect());
  afterAll(() => redis.quit());
  beforeEach(() => {
    userId = randomUUID();
  });

  it('ends a challenge once: a second consumer (a replay) gets nothing', async () => {
    const id = await challenges.create({ userId, rememberMe: false });
    expect(await challenges.read(id)).toEqual({ userId, rememberMe: false });
    expect(await redis.ttl(challenges.key(id))).toBeGreaterThan(590);
    expect(await Promise.all([challenges.consume(id), challenges.consume(id)])).toEqual([true, false]);
    expect(await challenges.read(id)).toBeNull();
  });

  it('claims a TOTP step once, and never an earlier one after it', async () => {
    expect(await Promise.all([guard.claim(userId, 100), guard.claim(userId, 100)])).toEqual([true, false]);
    expect(await guard.claim(userId, 99)).toBe(false);
    expect(await guard.claim(userId, 101)).toBe(true);
    expect(await guard.lastStep(userId)).toBe(101);
    await guard.forgetSteps(userId);
    expect(await guard.claim(userId, 100)).toBe(true);
  });

  it('locks the second step at the tenth consecutive failure; a success in between starts the count again', async () => {
    for (let failure = 1; failure < LOCK_THRESHOLD; failure++) expect(await guard.fail(userId)).toBe(false);
    await guard.succeed(userId);
    for (let failure = 1; failure < LOCK_THRESHOLD; failure++) expect(await guard.fail(userId)).toBe(false);
    expect(await guard.isLocked(userId)).toBe(false);
    expect(await guard.fail(userId)).toBe(true);
    expect(await guard.isLocked(userId)).toBe(true);
    await guard.clear(userId);
    expect(await guard.isLocked(userId)).toBe(false);
  });

  it('keeps a mailed code as a hash, spends it once, and gives it five wrong tries', async () => {
    const holder = await challenges.create({ userId, rememberMe: true });
    const key = challenges.key(holder);
    expect(await codes.check(key, '123456', now)).toBe('expired');
    await codes.replace(key, '123456', now);
    expect(Object.values(await redis.hgetall(key))).not.toContain('123456');
    expect(await codes.check(key, '123456', new Date(now.getTime() + 181_000))).toBe('expired');
    for (let attempt = 1; attempt <= MAILED_CODE_TRIES; attempt++)
      expect(await codes.check(key, '000000', now)).toBe('wrong');
    expect(await codes.check(key, '123456', now)).toBe('exhausted');
    await codes.replace(key, '654321', now);
    expect(await Promise.all([codes.check(key, '654321', now), codes.check(key, '654321', now)])).toEqual(
      expect.arrayContaining(['right', 'expired']),
    );
  });

  it('caps the codes one holder may have mailed', async () => {
    const holder = codes.sessionHolder(userId);
    for (let send = 1; send <= MAILED_CODE_SENDS; send++)
      expect(await codes.replace(holder, '111111', now, true)).toBe(true);
    expect(await codes.replace(holder, '111111', now, true)).toBe(false);
    expect(await redis.ttl(holder)).toBeGreaterThan(0);
  });

  it('trusts a device for its user only, until every device of the user is untrusted', async () => {
    const device = await devices.trust(userId);
    expect(await devices.isTrusted(device, userId)).toBe(true);
    expect(await devices.isTrusted(device, randomUUID())).toBe(false);
    expect(await devices.isTrusted('trust-device-unknown', userId)).toBe(false);
    await devices.untrustAll(userId);
    expect(await devices.isTrusted(device, userId)).toBe(false);
    expect(await devices.isTrusted(await devices.trust(userId), userId)).toBe(true);
  });
});
