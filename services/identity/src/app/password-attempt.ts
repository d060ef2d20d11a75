import { createHash } from 'node:crypto';
import { retryAfterMs, type ThrottleRule } from '../domain/login-throttle';
import type { LoginAttemptRepository } from '../infra/login-attempt.repository';

export interface PasswordAttemptDeps {
  loginAttempts: LoginAttemptRepository;
  loginThrottle: ThrottleRule;
  clock: () => Date;
}

export interface PasswordAttempt {
  /** The counter's key: clear it once the password proved right. */
  key: string;
  /** 0 when the password may be checked; else how long until the account may try again from there. */
  retryAfterMs: number;
}

/**
 * Counts a password attempt on an account from one place (a client address, or a path of its own) before
 * the password is checked, in one atomic write whose own result decides, so parallel attempts cannot
 * share a count. A failure stays counted; the caller clears the key after a success.
 */
export async function countPasswordAttempt(deps: PasswordAttemptDeps, account: string, from: string): Promise<PasswordAttempt> {
  const key = createHash('sha256').update(`${account}\n${from}`).digest('hex');
  const now = deps.clock();
  const counted = await deps.loginAttempts.countAttempt(key, deps.loginThrottle, now);
  return { key, retryAfterMs: retryAfterMs(counted, deps.loginThrottle, now) };
}
