/**
 * What the audit log records of one failed password check: at most the first failure of the account in each audit
 * window (so a guesser cannot grow the event store with every attempt), and every account-wide lock.
 */
export interface PasswordFailure {
  /** This failure opened an audit window: how many failures were left out since the last recorded one. */
  readonly recorded: { readonly unrecordedFailures: number } | null;
  /** The account-wide lock this failure set: until when, after how many failures of the account. */
  readonly accountLock: { readonly until: Date; readonly failures: number } | null;
}

/** The throttle's account-wide state around one failed attempt, in Redis's milliseconds. */
export interface AccountLockChange {
  readonly lockedUntilBefore: number;
  readonly lockedUntilAfter: number;
  readonly failures: number;
}

/**
 * Decides what a failure leaves in the audit log from the account lock before and after it and from the audit
 * window's answer (the failures left out before it when it opened the window, null when it fell inside one).
 * A lock moved by this failure is a lock it set: only a failure at or past the account's threshold moves it.
 */
export function passwordFailureOf(lock: AccountLockChange, openedWindow: number | null): PasswordFailure {
  return {
    recorded: openedWindow === null ? null : { unrecordedFailures: openedWindow },
    accountLock:
      lock.lockedUntilAfter > lock.lockedUntilBefore
        ? { until: new Date(lock.lockedUntilAfter), failures: lock.failures }
        : null,
  };
}

/** True when the failure leaves nothing in the audit log. */
export function isUnaudited(failure: PasswordFailure): boolean {
  return failure.recorded === null && failure.accountLock === null;
}
