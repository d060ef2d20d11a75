// When a delivery that failed goes again (docs/delivery.md#the-retry-schedule): webhooks' requests and notifications'
// e-mail follow the same schedule, Standard Webhooks' after the immediate first attempt, for up to 3 days.

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** The wait after the n-th failed attempt. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];
/** Then every 12 h ... */
export const LATER_RETRY_DELAY_MS = 12 * HOUR;
/** ... until this long after the first attempt; an attempt that would come later is not made: the delivery fails. */
export const RETRY_WINDOW_MS = 3 * 24 * HOUR;
/** Each wait is stretched or shrunk by a random share of at most this (±20%), so retries of many jobs spread out. */
export const JITTER = 0.2;

/** The wait after `failedAttempts` failures, before jitter. */
export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[failedAttempts - 1] ?? LATER_RETRY_DELAY_MS;
}

/**
 * When to try again after the `failedAttempts`-th failure at `now`, or null when that would be more than
 * RETRY_WINDOW_MS after the first attempt (the delivery has failed for good). `random` is in [0, 1).
 */
export function nextAttemptAt(firstAttemptAt: Date, failedAttempts: number, now: Date, random: () => number = Math.random): Date | null {
  const base = retryDelayMs(failedAttempts);
  const jittered = Math.round(base * (1 + JITTER * (2 * random() - 1)));
  const next = new Date(now.getTime() + jittered);
  return next.getTime() - firstAttemptAt.getTime() > RETRY_WINDOW_MS ? null : next;
}
