import { status } from '@grpc/grpc-js';
import type { storefront } from '@commerce/contracts';
import { DomainError, RemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { ApiKeyRepository } from '../infra/api-key.repository';
import type { UserDocument, UserRepository } from '../infra/user.repository';
import { issueStoreApiKey } from './issue-api-key';

export interface OpenStoreDeps {
  users: UserRepository;
  keys: ApiKeyRepository;
  stores: ServiceClient<storefront.StoreServiceClient>;
  clock: () => Date;
}

export interface StoreInput {
  name: string;
  subdomain: string;
  support_email: string;
  paypal_email: string;
  time_zone: string;
}

/**
 * Creates the user's store in storefront, gives it an API key and attaches it to the user. The
 * user's request key makes a retry finish the same store instead of making a second one.
 * `onRefused` runs when storefront refuses the store for good (bad input, subdomain taken).
 */
export async function openStoreForUser(deps: OpenStoreDeps, user: UserDocument, input: StoreInput, onRefused: () => Promise<void> = async () => undefined) {
  let store: storefront.Store | undefined;
  try {
    ({ store } = await deps.stores.createStore({ ...input, owner_user_id: user.id, request_key: user.store_request_key }));
  } catch (error) {
    if (error instanceof RemoteError && (error.code === status.INVALID_ARGUMENT || error.code === status.ALREADY_EXISTS)) await onRefused();
    throw error;
  }
  if (!store) throw new DomainError('UNAVAILABLE', 'The store service answered without a store');

  const now = deps.clock();
  const key = await issueStoreApiKey(deps.keys, store.id, now);
  const attached = (await deps.users.attachStore(user.id, store.id, now)) ?? user;
  return { user: attached, store_id: store.id, api_key: key.plaintext };
}
