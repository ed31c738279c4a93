import type { RetryBudget } from '@authsvc/config';
import { jitteredBackoffMs, type Backoff } from '../retry/backoff.js';

/** After "no responders" (no replica subscribed, e.g. during a restart): retry soon, then less often. */
const NO_RESPONDERS_BACKOFF: Backoff = { baseMs: 25, capMs: 400 };

/** What made the caller consider another attempt. */
export type AttemptTrigger =
  /** The last attempt was sent and nothing has answered yet. */
  | 'sent'
  /** An attempt came back with "no responders". */
  | 'no-responders';

/**
 * In how many milliseconds to send the next attempt of a call, or `undefined` when the budget leaves no time for
 * one. An attempt still waiting keeps waiting (its answer is taken whenever it comes, up to the deadline), so an
 * attempt that does not answer within `attemptMs` is followed by another beside it, which the queue group may give
 * to another replica; "no responders" is retried after a short jittered back-off. Every attempt carries the same
 * command id, so a slow first attempt and its follower apply the command once.
 */
export function nextAttemptInMs(
  trigger: AttemptTrigger,
  retries: number,
  remainingMs: number,
  budget: RetryBudget,
  random: () => number = Math.random,
): number | undefined {
  const delay =
    trigger === 'sent'
      ? Math.min(budget.attemptMs, budget.totalMs)
      : jitteredBackoffMs(retries, NO_RESPONDERS_BACKOFF, random);
  return delay < remainingMs ? delay : undefined;
}
