/** Retries `probe` until it returns a value other than undefined (or stops throwing), or the time is up. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
