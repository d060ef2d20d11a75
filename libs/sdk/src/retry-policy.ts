/** How the client retries a call the API answered 429 or 503, or that never got an answer. */
export interface RetryOptions {
  /** Retries after the first attempt (default 3; 0 turns retrying off). */
  maxRetries?: number;
  /** The first backoff step when the answer says nothing (default 500 ms); it doubles each attempt. */
  baseDelayMs?: number;
  /** The longest wait before a retry (default 30 s). A `Retry-After` asking for more is not waited for: the call throws. */
  maxDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export function retryPolicyOf(options: RetryOptions = {}): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) };
}

/** Statuses that say "the same call may work later" (docs/api-conventions.md#rate-limits, #errors). */
export function isRetriableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/**
 * `Retry-After` in milliseconds: delay-seconds (`5`) or an HTTP date, counted from `nowMs`; undefined when absent or
 * unreadable. A date in the past is 0.
 */
export function retryAfterMsOf(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * The wait before retry number `retry` (0 for the first retry), or undefined when the call must not wait that long.
 * With `Retry-After`: what it asks, plus up to one `baseDelayMs` of jitter so clients told the same second do not
 * come back together. Without: "full jitter" exponential backoff, a random wait in [0, min(cap, base * 2^retry)).
 */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | undefined {
  if (retryAfterMs !== undefined) {
    if (retryAfterMs > policy.maxDelayMs) return undefined;
    return Math.min(policy.maxDelayMs, retryAfterMs + Math.floor(random() * policy.baseDelayMs));
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}
