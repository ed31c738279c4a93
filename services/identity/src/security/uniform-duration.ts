import { setTimeout as sleep } from 'node:timers/promises';

/** How long an anonymous request that may send mail takes at least, mail or no mail. */
export const ANONYMOUS_ANSWER_FLOOR_MS = 500;

/**
 * Answers no sooner than `floorMs` after the start, whatever `work` did, so that an anonymous caller cannot
 * tell from the timing whether an address has an account (one branch mails, the other does nothing).
 */
export async function withUniformDuration<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + floorMs;
  try {
    return await work();
  } finally {
    const remaining = deadline - Date.now();
    if (remaining > 0) await sleep(remaining);
  }
}
