import { nextAttemptInMs } from './retry-budget.js';

describe('nextAttemptInMs', () => {
  const budget = { totalMs: 5000, attemptMs: 1500 };
  const highest = () => 0.999_999;

  it('sends another attempt beside one that has not answered within the attempt timeout', () => {
    expect(nextAttemptInMs('sent', 0, 5000, budget)).toBe(1500);
  });

  it('retries "no responders" after a short back-off that grows and is capped', () => {
    expect([1, 2, 3, 5, 9].map((retry) => nextAttemptInMs('no-responders', retry, 5000, budget, highest))).toEqual([
      24, 49, 99, 399, 399,
    ]);
  });

  it('sends nothing that could not start before the deadline', () => {
    expect(nextAttemptInMs('sent', 2, 1500, budget)).toBeUndefined();
    expect(nextAttemptInMs('sent', 2, 1501, budget)).toBe(1500);
    expect(nextAttemptInMs('no-responders', 4, 100, budget, highest)).toBeUndefined();
  });

  it('never waits longer for an attempt than the whole call may take', () => {
    expect(nextAttemptInMs('sent', 0, 800, { totalMs: 800, attemptMs: 1500 })).toBeUndefined();
  });
});
