export interface WaitForOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Shown when the deadline passes; say what was expected, not just "timed out". */
  message?: string;
}

/**
 * Polls `probe` until it returns a truthy value (resolved with it) or the deadline passes.
 * A probe that throws counts as "not yet"; its last error is quoted in the rejection.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, options: WaitForOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, intervalMs = 25, message = 'condition was not met' } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`waitFor: ${message} within ${timeoutMs}ms${cause}`);
    }
    await delay(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
