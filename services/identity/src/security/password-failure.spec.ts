import { isUnaudited, passwordFailureOf } from './password-failure.js';

const unlocked = { lockedUntilBefore: 0, lockedUntilAfter: 0, failures: 3 };

describe('what the audit log records of a failed password', () => {
  it('records a failure that opened the audit window, with those left out before it, and none inside a window', () => {
    expect(passwordFailureOf(unlocked, 4)).toEqual({ recorded: { unrecordedFailures: 4 }, accountLock: null });
    expect(passwordFailureOf(unlocked, 0).recorded).toEqual({ unrecordedFailures: 0 });
    expect(passwordFailureOf(unlocked, null)).toEqual({ recorded: null, accountLock: null });
    expect(isUnaudited(passwordFailureOf(unlocked, null))).toBe(true);
    expect(isUnaudited(passwordFailureOf(unlocked, 0))).toBe(false);
  });

  it('records a lock the failure set or lengthened, inside a window too, with its end and the count', () => {
    const set = { lockedUntilBefore: 0, lockedUntilAfter: Date.parse('2026-03-01T12:01:00Z'), failures: 100 };
    expect(passwordFailureOf(set, null)).toEqual({
      recorded: null,
      accountLock: { until: new Date('2026-03-01T12:01:00Z'), failures: 100 },
    });
    const lengthened = { ...set, lockedUntilBefore: set.lockedUntilAfter - 30_000 };
    expect(passwordFailureOf(lengthened, null).accountLock?.failures).toBe(100);
    expect(isUnaudited(passwordFailureOf(set, null))).toBe(false);
  });

  it('records no lock when the failure left the lock as it was (below the threshold, or an expired lock)', () => {
    const expired = { lockedUntilBefore: 1000, lockedUntilAfter: 1000, failures: 99 };
    expect(passwordFailureOf(expired, null).accountLock).toBeNull();
  });
});
