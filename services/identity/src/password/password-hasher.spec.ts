import { DomainError, RequestErrors } from '@authsvc/errors';
import { PasswordHasher, type BcryptEngine } from './password-hasher.js';

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
    const hasher = new PasswordHasher(4, { concurrency: 1, engine });
    const first = hasher.hash('a');
    const second = hasher.verify('b', 'hash:b');
    await settle();
    expect(pending.map((op) => op.password)).toEqual(['a']);

    pending.shift()?.finish();
    expect(await first).toBe('hash:a');
    await settle();
    expect(pending.map((op) => op.password)).toEqual(['b']);
    pending.shift()?.finish();
    expect(await second).toBe(true);
  });

  it('when the queue is full, refuses at once with SERVICE_UNAVAILABLE, and admits again once it drains', async () => {
    const { engine, pending } = controlledEngine();
    // 1 s of queue at the first guess of 2^10 × 0.07 ms ≈ 72 ms a hash: 13 may wait beside the one running.
    const hasher = new PasswordHasher(10, { concurrency: 1, maxQueueWaitMs: 1000, engine });
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
    expect(await after).toBe('hash:later');
  });

  it('frees the slot when an operation fails', async () => {
    const engine: BcryptEngine = {
      hash: () => Promise.reject(new Error('thread pool exploded')),
      compare: () => Promise.resolve(true),
    };
    const hasher = new PasswordHasher(4, { concurrency: 1, engine });
    await expect(hasher.hash('x')).rejects.toThrow('thread pool exploded');
    expect(await hasher.verify('x', 'y')).toBe(true);
  });

  it('sizes the queue by the measured duration: fast hashes may queue more', async () => {
    const hasher = new PasswordHasher(4, { concurrency: 2, maxQueueWaitMs: 1000 });
    // The first hashes also wait for the worker threads to start; the running average forgets them.
    for (let i = 0; i < 10; i += 1) await Promise.all([hasher.hash('x'), hasher.hash('y')]);
    expect(hasher.queueLimit).toBeGreaterThan(100);
  });

  it('keeps the bcrypt contract: a hash verifies its password and no other', async () => {
    const hasher = new PasswordHasher(4);
    const hash = await hasher.hash('correct-horse');
    expect(await hasher.verify('correct-horse', hash)).toBe(true);
    expect(await hasher.verify('wrong-horse', hash)).toBe(false);
  });
});
