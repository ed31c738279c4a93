const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 5 * 60 * 1000;

/** Exponential back-off for SMTP retries: 1 s, 2 s, 4 s … capped at 5 minutes (the sender gives up once the mail's link expired). */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_MS);
}
