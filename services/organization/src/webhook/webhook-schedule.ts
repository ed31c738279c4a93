/** Waits before the 2nd, 3rd... attempt; the last repeats until the delivery is a day old. */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000];

/** How long a delivery is retried, counted from its first attempt, before it is kept as failed for replay. */
export const DELIVERY_RETRY_WINDOW_MS = 86_400_000;

/**
 * When the next attempt of a delivery that just failed its `attempts`-th time is due, or null when it must be
 * given up (kept as failed): its retries would go past a day after `firstAttemptAt`.
 */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - firstAttemptAt.getTime() > DELIVERY_RETRY_WINDOW_MS ? null : next;
}

/** Where a delivery stands after an attempt: its status, and when it is tried again (null: never). */
export interface AttemptResult {
  status: 'delivered' | 'pending' | 'failed';
  next: Date | null;
}

/**
 * What an attempt that ended at `now` makes of a delivery tried `attempts` times before, first at
 * `firstAttemptAt` (null: this was its first attempt, or its first since a replay): delivered on success,
 * otherwise pending until its next attempt, or failed (kept for replay) once a day of retries is over.
 */
export function afterAttempt(
  succeeded: boolean,
  attempts: number,
  firstAttemptAt: Date | null,
  now: Date,
): AttemptResult {
  if (succeeded) return { status: 'delivered', next: null };
  const next = nextAttemptAt(attempts + 1, firstAttemptAt ?? now, now);
  return { status: next ? 'pending' : 'failed', next };
}
