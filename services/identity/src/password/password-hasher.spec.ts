import { KeyRing } from '@authsvc/config';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { passwordHashMetrics } from './password-hash-metrics.js';
import { BcryptThreadPool } from './bcrypt-thread-pool.js';
import { prehash } from './password-hash-format.js';
import type { BcryptEngine } from './bcrypt-engine.js';
import { PasswordHasher } from './password-hasher.js';

const ring = (...secrets: string[]) => new KeyRing(secrets, 'password-prehash');
const keys = ring('password-hasher-test-secret-0123456789');
/** What the engine receives for a password: its pre-hash under the current key. */
const prehashed = (password: string) => prehash(password, keys.current.key);

/** A bcrypt stand-in whose operations finish only when the test says so. */
function controlledEngine() {
  const pending: { password: string; finish: () => void }[] = [];
  const engine: BcryptEngine = {
    hash: (password) =>
      new Promise<string>((resolve) => pending.push({ password, finish: () => resolve(`hash:${password}`) })),
    compare: (password, hash) =>
      new Promise<boolean>((resolve) => pending.push({ password, finish: () => resolve(hash === `hash:${password}`) })),
  };
  return { engine, pending };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password hasher admission control', () => {
  it('given one slot, runs one operation at a time and starts the next when it ends', async () => {
    const { engine, pending } = controlledEngine();
    const hasher = new PasswordHasher(4, keys, { concurrency: 1, engine });
    const first = hasher.hash('a');
    const second = hasher.verify('b', `hash:b`);
    await settle();
    expect(pending.map((op) => op.password)).toEqual([prehashed('a')]);

    pending.shift()?.finish();
    expect(await first).toMatch(/^\$hmac-sha256\$[\w-]{8}hash:/);
    await settle();
    expect(pending.map((op) => op.password)).toEqual(['b']);
    pending.shift()?.finish();
    expect(await second).toBe(true);
  });

  it('reports the operations waiting for a thread, and times each operation by kind', async () => {
    const { engine, pending } = controlledEngine();
    const hasher = new PasswordHasher(4, keys, { concurrency: 1, engine });
    const { queueDepth, duration } = passwordHashMetrics();
    const depth = async () => (await queueDepth.get()).values[0]?.value;
    const timed = async (operation: string) =>
      (await duration.get()).values.find(
        (sample) => sample.metricName === 'bcrypt_duration_seconds_count' && sample.labels.operation === operation,
      )?.value ?? 0;
    const [hashes, compares] = [await timed('hash'), await timed('compare')];

    const operations = [hasher.hash('a'), hasher.verify('b', 'hash:b'), hasher.verify('c', 'hash:c')];
    await settle();
    expect(await depth()).toBe(2);
    for (let i = 0; i < operations.length; i += 1) {
      pending.shift()?.finish();
      await settle();
    }
    await Promise.all(operations);
    expect(await depth()).toBe(0);
    expect([await timed('hash'), await timed('compare')]).toEqual([hashes + 1, compares + 2]);
  });

  it('when the queue is full, refuses at once with SERVICE_UNAVAILABLE, and admits again once it drains', async () => {
    const { engine, pending } = controlledEngine();
    // 1 s of queue at the first guess of 2^10 × 0.07 ms ≈ 72 ms a hash: 13 may wait beside the one running.
    const hasher = new PasswordHasher(10, keys, { concurrency: 1, maxQueueWaitMs: 1000, engine });
    expect(hasher.queueLimit).toBe(13);
    const admitted = Array.from({ length: 14 }, (_, i) => hasher.hash(`p${i}`));

    const refused = hasher.hash('one too many');
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: RequestErrors.SERVICE_UNAVAILABLE.code, status: 503 });
    expect(() => hasher.assertCapacity()).toThrow(DomainError);

    for (let i = 0; i < admitted.length; i += 1) {
      await settle();
      pending.shift()?.finish();
    }
    expect(await Promise.all(admitted)).toHaveLength(14);
    expect(() => hasher.assertCapacity()).not.toThrow();
    const after = hasher.hash('later');
    await settle();
    pending.shift()?.finish();
    expect(await after).toContain(`hash:${prehashed('later')}`);
  });

  it('frees the slot when an operation fails', async () => {
    const engine: BcryptEngine = {
      hash: () => Promise.reject(new Error('thread pool exploded')),
      compare: () => Promise.resolve(true),
    };
    const hasher = new PasswordHasher(4, keys, { concurrency: 1, engine });
    await expect(hasher.hash('x')).rejects.toThrow('thread pool exploded');
    expect(await hasher.verify('x', 'y')).toBe(true);
  });

  it('sizes the queue by the measured duration: fast hashes may queue more', async () => {
    const hasher = new PasswordHasher(4, keys, { concurrency: 2, maxQueueWaitMs: 1000 });
    // The first hashes also wait for the worker threads to start; the running average forgets them.
    for (let i = 0; i < 10; i += 1) await Promise.all([hasher.hash('x'), hasher.hash('y')]);
    expect(hasher.queueLimit).toBeGreaterThan(100);
  });

  it('keeps the bcrypt contract: a hash verifies its password and no other', async () => {
    const hasher = new PasswordHasher(4, keys);
    const hash = await hasher.hash('correct-horse');
    expect(await hasher.verify('correct-horse', hash)).toBe(true);
    expect(await hasher.verify('wrong-horse', hash)).toBe(false);
  });
});

describe('password hasher pre-hash', () => {
  /** Two 100-character passwords that differ only after their first 72 bytes. */
  const shared = 'x'.repeat(72);
  const [first, second] = [`${shared}${'a'.repeat(28)}`, `${shared}${'b'.repeat(28)}`];
  const bareBcrypt = new BcryptThreadPool(1);

  it('stores the pre-hashed form with its key id, so that every byte of a long password counts', async () => {
    const hasher = new PasswordHasher(4, keys);
    const hash = await hasher.hash(first);
    expect(hash.startsWith(`$hmac-sha256$${keys.current.id}$2b$04$`)).toBe(true);
    expect(await hasher.verify(first, hash)).toBe(true);
    expect(await hasher.verify(second, hash)).toBe(false);
    expect(hasher.isOutdated(hash)).toBe(false);
  });

  it('still verifies a bcrypt hash of the bare password, and calls it outdated', async () => {
    const hasher = new PasswordHasher(4, keys);
    const legacy = await bareBcrypt.hash('correct-horse', 4);
    expect(await hasher.verify('correct-horse', legacy)).toBe(true);
    expect(await hasher.verify('wrong-horse', legacy)).toBe(false);
    expect(hasher.isOutdated(legacy)).toBe(true);
    // The flaw the pre-hash removes: bare bcrypt takes the two long passwords for one.
    expect(await hasher.verify(second, await bareBcrypt.hash(first, 4))).toBe(true);
  });

  it('verifies a hash made under a previous secret after a rotation (outdated), not once the secret is removed', async () => {
    const before = await new PasswordHasher(4, ring('old-secret')).hash('correct-horse');
    const rotated = new PasswordHasher(4, ring('new-secret', 'old-secret'));
    expect(await rotated.verify('correct-horse', before)).toBe(true);
    expect(rotated.isOutdated(before)).toBe(true);
    expect(await new PasswordHasher(4, ring('new-secret')).verify('correct-horse', before)).toBe(false);
  });
});
