/** The bounds of an exponential back-off. */
export interface Backoff {
  /** The longest the first retry waits. */
  readonly baseMs: number;
  /** The longest any retry waits. */
  readonly capMs: number;
}

/**
 * How long to wait before the `retry`-th retry (1, 2, …): a random time below `baseMs · 2^(retry-1)`, capped at
 * `capMs` ("full jitter"). The randomness spreads writers that collided, so they do not collide again in step.
 */
export function jitteredBackoffMs(
  retry: number,
  { baseMs, capMs }: Backoff,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/** Resolves after `ms` (0: at the next turn of the event loop). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
