/** The first pause between probes; each next one doubles, up to `intervalMs`. */
const FIRST_INTERVAL_MS = 10;

/**
 * Retries `probe` until it returns a value other than undefined (or stops throwing), or the time is up. The pauses
 * start short and double up to `intervalMs`: most conditions hold within milliseconds (an app's readiness, an event
 * relayed), and a fixed 100 ms pause cost each wait 50 ms on average, hundreds of times a run.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  let pause = Math.min(FIRST_INTERVAL_MS, intervalMs);
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await sleep(pause);
    pause = Math.min(pause * 2, intervalMs);
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
