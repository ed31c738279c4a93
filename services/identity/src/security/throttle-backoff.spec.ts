import { lockAfterFailures, lockSchedule } from './throttle-backoff.js';

const settings = { threshold: 10, baseDelayMs: 1000, maxDelayMs: 900_000 };

describe('account throttle back-off', () => {
  it('does not lock below the threshold', () => {
    for (let failures = 0; failures < 10; failures += 1) expect(lockAfterFailures(failures, settings)).toBe(0);
  });

  it('locks for the base delay at the threshold, then doubles with every further failure', () => {
    expect([10, 11, 12, 13].map((failures) => lockAfterFailures(failures, settings))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never locks longer than the maximum, however many failures', () => {
    expect(lockAfterFailures(20, settings)).toBe(900_000);
    expect(lockAfterFailures(1_000_000, settings)).toBe(900_000);
  });

  it('lists the locks up to the first at the maximum', () => {
    expect(lockSchedule(settings)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 512_000, 900_000,
    ]);
    expect(lockSchedule({ threshold: 3, baseDelayMs: 5000, maxDelayMs: 5000 })).toEqual([5000]);
  });
});
