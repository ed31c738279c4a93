import { jitteredBackoffMs } from './backoff.js';

describe('jitteredBackoffMs', () => {
  const bounds = { baseMs: 10, capMs: 100 };

  it('waits below a ceiling that doubles with each retry', () => {
    const highest = () => 0.999_999;
    expect([1, 2, 3, 4].map((retry) => jitteredBackoffMs(retry, bounds, highest))).toEqual([9, 19, 39, 79]);
  });

  it('never waits longer than the cap', () => {
    expect(jitteredBackoffMs(30, bounds, () => 0.999_999)).toBe(99);
  });

  it('spreads retries down to no wait at all', () => {
    expect(jitteredBackoffMs(3, bounds, () => 0)).toBe(0);
    expect(jitteredBackoffMs(3, bounds, () => 0.5)).toBe(20);
  });
});
