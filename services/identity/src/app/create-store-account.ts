import { alreadyExists, checkedFields, DomainError, validationFailed } from '@commerce/grpc-runtime';
import { verifyPassword } from '../domain/password';
import { accountFields } from '../domain/user';
import type { UserDocument } from '../infra/user.repository';
import { openStoreForUser, type OpenStoreDeps } from './open-store';
import { countPasswordAttempt, type PasswordAttemptDeps } from './password-attempt';
import { insertUser, type RegisterUserDeps } from './register-user';

export type StoreAccountDeps = OpenStoreDeps & RegisterUserDeps & PasswordAttemptDeps;

export interface StoreAccountInput {
  name: string;
  subdomain: string;
  email: string;
  password: string;
  login: string;
  time_zone: string;
}

/**
 * User, store and key in three owners' hands without a distributed transaction: the user carries
 * the store's request key, so a retry after any failure finishes the same store instead of making
 * a second one; a definitive refusal of the store removes the user this call created.
 */
export async function createStoreAccount(deps: StoreAccountDeps, input: StoreAccountInput) {
  const { email } = checkedFields(accountFields, { email: input.email, password: input.password, login: input.login });

  const { user, createdNow } = await findOrCreateUser(deps, { ...input, email });
  const store = { name: input.name, subdomain: input.subdomain, support_email: email, paypal_email: '', time_zone: input.time_zone };
  return openStoreForUser(deps, user, store, async () => {
    if (createdNow) await deps.users.remove(user.id);
  });
}

async function findOrCreateUser(deps: StoreAccountDeps, input: StoreAccountInput): Promise<{ user: UserDocument; createdNow: boolean }> {
  const existing = await deps.users.findByEmail(input.email);
  if (existing) {
    // Only the account's owner may resume an unfinished store creation. Any app can send a password here, so
    // it is a guess like a sign-in's: throttled alike, with a budget of its own (guesses here lock no one out of /signin).
    const attempt = await countPasswordAttempt(deps, `user:${existing.id}`, 'store creation');
    if (attempt.retryAfterMs > 0) {
      const minutes = Math.ceil(attempt.retryAfterMs / 60_000);
      throw new DomainError(
        'RESOURCE_EXHAUSTED',
        `Too many failed attempts for this account; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      );
    }
    if (!(await verifyPassword(input.password, existing.password_hash))) throw validationFailed({ email: ['has already been taken'] });
    await deps.loginAttempts.clear(attempt.key);
    if (existing.store_id) throw alreadyExists('This user already has a store');
    return { user: existing, createdNow: false };
  }
  return { user: await insertUser(deps, input), createdNow: true };
}
