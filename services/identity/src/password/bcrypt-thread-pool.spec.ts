import { readFileSync, readdirSync } from 'node:fs';
import { BcryptThreadPool } from './bcrypt-thread-pool.js';

/** Nice values of this process's threads, from the kernel's per-thread stat files (Linux only). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Field 19 is the nice value; the fields after the parenthesised command name start at field 3.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('bcrypt thread pool', () => {
  it('hashes and compares in worker threads, more operations than threads included', async () => {
    const pool = new BcryptThreadPool(2);
    const hashes = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((password) => pool.hash(password, 4)));
    expect(new Set(hashes).size).toBe(5);
    expect(hashes[0]).toMatch(/^\$2b\$04\$/);
    expect(await Promise.all(hashes.map((hash, i) => pool.compare('abcde'[i], hash)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await pool.compare('b', hashes[0])).toBe(false);
  });

  it('runs its threads at the lowest priority and leaves the event loop at its own', async () => {
    const before = threadNiceValues();
    const pool = new BcryptThreadPool(2);
    await Promise.all([pool.hash('x', 4), pool.hash('y', 4)]);
    const after = threadNiceValues();
    expect(after.filter((nice) => nice === 19).length - before.filter((nice) => nice === 19).length).toBe(2);
    expect(Math.min(...after)).toBe(Math.min(...before));
  });

  it('rejects an operation bcrypt refuses, and keeps working', async () => {
    const pool = new BcryptThreadPool(1);
    await expect(pool.compare('x', null as unknown as string)).rejects.toThrow(/^bcrypt failed: /);
    expect(await pool.compare('x', await pool.hash('x', 4))).toBe(true);
  });
});
