import { afterAttempt, DELIVERY_RETRY_WINDOW_MS, nextAttemptAt } from './webhook-schedule.js';

const first = new Date('2026-11-28T10:00:00.000Z');
const after = (ms: number) => new Date(first.getTime() + ms);

describe('webhook retry schedule', () => {
  it('retries the first failure within ten seconds, then waits longer each time', () => {
    const delays = [1, 2, 3, 4].map((attempts) => nextAttemptAt(attempts, first, first)!.getTime() - first.getTime());
    expect(delays[0]).toBeLessThanOrEqual(10_000);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(new Set(delays).size).toBe(delays.length);
  });

  it('keeps retrying for a day, then gives up', () => {
    expect(nextAttemptAt(20, first, after(DELIVERY_RETRY_WINDOW_MS - 7_200_000))).not.toBeNull();
    expect(nextAttemptAt(20, first, after(DELIVERY_RETRY_WINDOW_MS - 1_000))).toBeNull();
  });
});

describe('a delivery after an attempt', () => {
  it('is delivered on success, whatever came before', () => {
    expect(afterAttempt(true, 7, first, after(60_000))).toEqual({ status: 'delivered', next: null });
  });

  it('is retried within ten seconds after a first failure, counting the day from that attempt', () => {
    const result = afterAttempt(false, 0, null, first);
    expect(result.status).toBe('pending');
    expect(result.next!.getTime() - first.getTime()).toBeLessThanOrEqual(10_000);
  });

  it('is kept as failed once the next attempt would fall past a day after the first', () => {
    expect(afterAttempt(false, 12, first, after(DELIVERY_RETRY_WINDOW_MS - 1_000))).toEqual({
      status: 'failed',
      next: null,
    });
  });
});
