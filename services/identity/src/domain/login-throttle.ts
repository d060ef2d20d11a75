/** Failed sign-ins of one account from one address, counted in a fixed window. */
export type LoginAttemptRecord = {
  /** sha256 of account and address, so the table holds neither in clear. */
  key: string;
  failures: number;
  window_started_at: Date;
};

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

/** Milliseconds until the account may try again from this address, or 0 when it may now. */
export function retryAfterMs(attempt: LoginAttemptRecord | null, rule: ThrottleRule, now: Date): number {
  if (!attempt || attempt.failures < rule.maxFailures) return 0;
  const reopensAt = attempt.window_started_at.getTime() + rule.windowMs;
  return Math.max(0, reopensAt - now.getTime());
}

/** Whether a failure now starts a new window (the last one is over) or counts in the current one. */
export function startsNewWindow(attempt: LoginAttemptRecord | null, rule: ThrottleRule, now: Date): boolean {
  return !attempt || attempt.window_started_at.getTime() + rule.windowMs <= now.getTime();
}
