/** When failed password checks of one account start to lock it, and for how long. */
export interface ThrottleSettings {
  /** Consecutive failures from one client after which each further one locks the account for that client. */
  readonly threshold: number;
  /** Failures from all clients after which each further one locks the account for clients not proven lately. */
  readonly accountThreshold: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** What one lock's length depends on: the threshold of its count, and the delays. */
type LockRule = Pick<ThrottleSettings, 'threshold' | 'baseDelayMs' | 'maxDelayMs'>;

/**
 * How long the account stays locked after its `failures`-th consecutive failure: not at all below the threshold,
 * then the base delay, doubling with every further failure, never longer than the maximum (so no attacker can
 * lock an account for good).
 */
export function lockAfterFailures(failures: number, settings: LockRule): number {
  if (failures < settings.threshold) return 0;
  const doublings = Math.min(failures - settings.threshold, 52);
  return Math.min(settings.baseDelayMs * 2 ** doublings, settings.maxDelayMs);
}

/**
 * The locks from the threshold-th failure on, up to the first that reaches the maximum: the table the atomic
 * Redis script looks the lock up in (its last entry stands for every later failure).
 */
export function lockSchedule(settings: LockRule): number[] {
  const schedule: number[] = [];
  for (let failures = settings.threshold; ; failures += 1) {
    schedule.push(lockAfterFailures(failures, settings));
    if (schedule.at(-1) === settings.maxDelayMs) return schedule;
  }
}
