import { createHash } from 'node:crypto';
import { hashPassword, verifyPassword } from '../domain/password';
import { retryAfterMs, type ThrottleRule } from '../domain/login-throttle';
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
 * E-mail (or login) and password. Attempts are counted per account (whichever identifier was typed) and
 * client address before the password is checked, each count one atomic write deciding from its own result:
 * past the limit the account is refused from that address, even with the right password, until the
 * window ends, however many attempts arrive at once.
 */
export async function signIn(deps: SignInDeps, input: { identifier: string; password: string; clientAddress: string }): Promise<SignInResult> {
  const identifier = normalizeEmail(input.identifier);
  const user = identifier.includes('@') ? await deps.users.findByEmail(identifier) : await deps.users.findByLogin(identifier);
  // An identifier of no account is throttled on its own too, so a 429 tells nobody which accounts exist.
  const account = user ? `user:${user.id}` : `unknown:${identifier}`;
  const key = createHash('sha256').update(`${account}\n${input.clientAddress}`).digest('hex');
  const now = deps.clock();
  const waitMs = retryAfterMs(await deps.loginAttempts.countAttempt(key, deps.loginThrottle, now), deps.loginThrottle, now);
  if (waitMs > 0) return { ok: false, reason: 'throttled', retryAfterMs: waitMs };

  const stored = user?.password_hash ?? (await (decoyHash ??= hashPassword('decoy password, never matches')));
  const matches = (await verifyPassword(input.password, stored)) && user !== null;
  // A failure stays counted; a success clears the account's count from this address.
  if (!matches) return { ok: false, reason: 'invalid' };
  await deps.loginAttempts.clear(key);
  return { ok: true, user };
}
