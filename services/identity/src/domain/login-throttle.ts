/**
 * Sign-in attempts of one account from one client address, counted in a fixed window. An attempt is
 * counted before its password is checked and stays counted unless the password proves right (then the
 * record is cleared), so `failures` is the failed and still-being-checked attempts of the window.
 */
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

/** A window that started after this instant is still open; one that started at it or before is over. */
export function windowsOpenSince(rule: ThrottleRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowMs);
}

/**
 * Decides on an attempt from its record just after it was counted: 0 when it may go on to the password
 * check (it is within the limit), else milliseconds until the window ends.
 */
export function retryAfterMs(counted: LoginAttemptRecord, rule: ThrottleRule, now: Date): number {
  if (counted.failures <= rule.maxFailures) return 0;
  const reopensAt = counted.window_started_at.getTime() + rule.windowMs;
  return Math.max(1, reopensAt - now.getTime());
}
