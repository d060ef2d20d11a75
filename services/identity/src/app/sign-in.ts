import { hashPassword, verifyPassword } from '../domain/password';
import { normalizeEmail } from '../domain/user';
import type { UserDocument, UserRepository } from '../infra/user.repository';
import { countPasswordAttempt, type PasswordAttemptDeps } from './password-attempt';

export interface SignInDeps extends PasswordAttemptDeps {
  users: UserRepository;
}

export type SignInResult =
  { ok: true; user: UserDocument } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterMs: number };

// Verified against when the account does not exist, so a wrong e-mail costs as much time as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * E-mail (or login) and password. Attempts are counted per account (whichever identifier was typed) and
 * client address before the password is checked: past the limit the account is refused from that address,
 * even with the right password, until the window ends, however many attempts arrive at once.
 */
export async function signIn(
  deps: SignInDeps,
  input: { identifier: string; password: string; clientAddress: string },
): Promise<SignInResult> {
  const identifier = normalizeEmail(input.identifier);
  const user = identifier.includes('@') ? await deps.users.findByEmail(identifier) : await deps.users.findByLogin(identifier);
  // An identifier of no account is throttled on its own too, so a 429 tells nobody which accounts exist.
  const attempt = await countPasswordAttempt(deps, user ? `user:${user.id}` : `unknown:${identifier}`, input.clientAddress);
  if (attempt.retryAfterMs > 0) return { ok: false, reason: 'throttled', retryAfterMs: attempt.retryAfterMs };

  const stored = user?.password_hash ?? (await (decoyHash ??= hashPassword('decoy password, never matches')));
  const matches = (await verifyPassword(input.password, stored)) && user !== null;
  if (!matches) return { ok: false, reason: 'invalid' };
  await deps.loginAttempts.clear(attempt.key);
  return { ok: true, user };
}
