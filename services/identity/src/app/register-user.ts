import { randomUUID } from 'node:crypto';
import { checkedFields, validationFailed } from '@commerce/grpc-runtime';
import { DuplicateKeyError } from '@commerce/persistence';
import { hashPassword } from '../domain/password';
import { accountFields, loginFromEmail, type NewAccountInput, type UserRecord } from '../domain/user';
import type { UserDocument, UserRepository } from '../infra/user.repository';

export interface RegisterUserDeps {
  users: UserRepository;
  nextUserId: () => Promise<number>;
  clock: () => Date;
}

/** The account's fields (domain/user.ts); an empty login is derived from the e-mail. */
export type NewUserInput = NewAccountInput;

/** Validates and stores a new user without a store; the e-mail and the login are unique. */
export async function registerUser(deps: RegisterUserDeps, input: NewUserInput): Promise<UserDocument> {
  return insertUser(deps, checkedFields(accountFields, input));
}

/** Inserts an already validated user; a derived login that is taken gets a number appended. */
export async function insertUser(deps: RegisterUserDeps, input: NewUserInput): Promise<UserDocument> {
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
      return await deps.users.insert({ ...base, id: await deps.nextUserId(), login: candidate });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      if (/email/.test(`${error.index ?? ''} ${JSON.stringify(error.keyValue ?? {})}`))
        throw validationFailed({ email: ['has already been taken'] });
      if (input.login) throw validationFailed({ login: ['has already been taken'] });
    }
  }
  throw validationFailed({ login: ['could not find a free login; give one explicitly'] });
}
