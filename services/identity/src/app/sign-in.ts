import { createHash } from 'node:crypto';
import { hashPassword, verifyPassword } from '../domain/password';
import { retryAfterMs, startsNewWindow, type ThrottleRule } from '../domain/login-throttle';
import { normalizeEmail } from '../domain/user';
import type { LoginAttemptRepository } from '../infra/login-attempt.repository';
import type { UserDocument, UserRepository } from '../infra/user.repository';

export interface SignInDeps {
  users: UserRepository;
  loginAttempts: LoginAttemptRepository;
  loginThrottle: ThrottleRule;
  clock: () => Date;
}

export type SignInResult = { ok: true; user: UserDocument } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterMs: number };

// Verified against when the account does not exist, so a wrong e-mail costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * E-mail (or login) and password. Failures are counted per account and address; past the limit
 * the account is refused from that address, even with the right password, until the window ends.
 */
export async function signIn(deps: SignInDeps, input: { identifier: string; password: string; ip: string }): Promise<SignInResult> {
  const identifier = normalizeEmail(input.identifier);
  const key = createHash('sha256').update(`${identifier}\n${input.ip}`).digest('hex');
  const now = deps.clock();
  const attempt = await deps.loginAttempts.find(key);
  const waitMs = retryAfterMs(attempt, deps.loginThrottle, now);
  if (waitMs > 0) return { ok: false, reason: 'throttled', retryAfterMs: waitMs };

  const user = identifier.includes('@') ? await deps.users.findByEmail(identifier) : await deps.users.findByLogin(identifier);
  const stored = user?.password_hash ?? (await (decoyHash ??= hashPassword('decoy password, never matches')));
  const matches = (await verifyPassword(input.password, stored)) && user !== null;
  if (!matches) {
    await deps.loginAttempts.recordFailure(key, startsNewWindow(attempt, deps.loginThrottle, now), now);
    return { ok: false, reason: 'invalid' };
  }
  if (attempt) await deps.loginAttempts.clear(key);
  return { ok: true, user };
}
