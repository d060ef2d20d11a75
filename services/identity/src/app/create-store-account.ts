import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import type { storefront } from '@commerce/contracts';
import { DomainError, RemoteError, alreadyExists, validationFailed, type ServiceClient } from '@commerce/grpc-runtime';
import { DuplicateKeyError } from '@commerce/persistence';
import { hashPassword, verifyPassword } from '../domain/password';
import { loginFromEmail, normalizeEmail, validateNewAccount, type UserRecord } from '../domain/user';
import type { ApiKeyRepository } from '../infra/api-key.repository';
import type { UserDocument, UserRepository } from '../infra/user.repository';
import { issueStoreApiKey } from './issue-api-key';

export interface StoreAccountDeps {
  users: UserRepository;
  keys: ApiKeyRepository;
  nextUserId: () => Promise<number>;
  stores: ServiceClient<storefront.StoreServiceClient>;
  clock: () => Date;
}

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
  const email = normalizeEmail(input.email);
  const violations = validateNewAccount({ email, password: input.password, login: input.login });
  if (Object.keys(violations).length > 0) throw validationFailed(violations);

  const { user, createdNow } = await findOrCreateUser(deps, { ...input, email });
  let store: storefront.Store | undefined;
  try {
    ({ store } = await deps.stores.createStore({
      name: input.name,
      subdomain: input.subdomain,
      owner_user_id: user.id,
      support_email: email,
      paypal_email: '',
      time_zone: input.time_zone,
      request_key: user.store_request_key,
    }));
  } catch (error) {
    if (createdNow && error instanceof RemoteError && (error.code === status.INVALID_ARGUMENT || error.code === status.ALREADY_EXISTS)) {
      await deps.users.remove(user.id);
    }
    throw error;
  }
  if (!store) throw new DomainError('UNAVAILABLE', 'The store service answered without a store');

  const now = deps.clock();
  const key = await issueStoreApiKey(deps.keys, store.id, now);
  const attached = (await deps.users.attachStore(user.id, store.id, now)) ?? user;
  return { user: attached, store_id: store.id, api_key: key.plaintext };
}

async function findOrCreateUser(deps: StoreAccountDeps, input: StoreAccountInput): Promise<{ user: UserDocument; createdNow: boolean }> {
  const existing = await deps.users.findByEmail(input.email);
  if (existing) {
    // Only the account's owner may resume an unfinished store creation.
    if (!(await verifyPassword(input.password, existing.password_hash))) throw validationFailed({ email: ['has already been taken'] });
    if (existing.store_id) throw alreadyExists('This user already has a store');
    return { user: existing, createdNow: false };
  }
  const now = deps.clock();
  const base: Omit<UserRecord, 'id' | 'login'> = {
    email: input.email,
    password_hash: await hashPassword(input.password),
    bio: '',
    location: '',
    gender: '',
    twitter: '',
    facebook: '',
    birthday: '',
    store_id: 0,
    store_request_key: randomUUID(),
    created_at: now,
    updated_at: now,
  };
  const login = input.login || loginFromEmail(input.email);
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = attempt === 0 ? login : `${login.slice(0, 34)}${Math.floor(Math.random() * 100000)}`;
    try {
      return { user: await deps.users.insert({ ...base, id: await deps.nextUserId(), login: candidate }), createdNow: true };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      if (/email/.test(`${error.index ?? ''} ${JSON.stringify(error.keyValue ?? {})}`)) throw validationFailed({ email: ['has already been taken'] });
      if (input.login) throw validationFailed({ login: ['has already been taken'] });
    }
  }
  throw validationFailed({ login: ['could not find a free login; give one explicitly'] });
}
