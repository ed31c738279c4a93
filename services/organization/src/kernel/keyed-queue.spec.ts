import { KeyedQueue } from './keyed-queue.js';

/** A task that records its start and end, and finishes when `release` is called (failing when asked to). */
function controlled(log: string[], name: string, fail = false) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const task = async () => {
    log.push(`${name} start`);
    await released;
    log.push(`${name} end`);
    if (fail) throw new Error(name);
    return name;
  };
  return { task, release: () => release() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedQueue', () => {
  it('runs the tasks of one key one after the other, in order', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const first = controlled(log, 'a1');
    const second = controlled(log, 'a2');
    const results = [queue.run('a', first.task), queue.run('a', second.task)];
    await settle();
    expect(log).toEqual(['a1 start']);
    first.release();
    await settle();
    expect(log).toEqual(['a1 start', 'a1 end', 'a2 start']);
    second.release();
    await expect(Promise.all(results)).resolves.toEqual(['a1', 'a2']);
  });

  it('runs the tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const a = controlled(log, 'a');
    const b = controlled(log, 'b');
    const results = [queue.run('a', a.task), queue.run('b', b.task)];
    await settle();
    expect(log).toEqual(['a start', 'b start']);
    b.release();
    a.release();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b']);
  });

  it('runs the next task after a failed one, which fails its own caller only', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const failing = controlled(log, 'a1', true);
    const next = controlled(log, 'a2');
    const failed = queue.run('a', failing.task);
    const succeeded = queue.run('a', next.task);
    failing.release();
    next.release();
    await expect(failed).rejects.toThrow('a1');
    await expect(succeeded).resolves.toBe('a2');
  });

  it('forgets a key once its queue is empty', async () => {
    const queue = new KeyedQueue();
    const task = controlled([], 'a');
    const result = queue.run('a', task.task);
    expect(queue.size).toBe(1);
    task.release();
    await result;
    await settle();
    expect(queue.size).toBe(0);
  });
});
