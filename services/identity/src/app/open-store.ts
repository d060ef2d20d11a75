import type { ApiKeyRepository } from '../infra/api-key.repository';
import type { UserDocument, UserRepository } from '../infra/user.repository';
import type { StorefrontPort } from './identity-deps';
import { issueStoreApiKey } from './issue-api-key';

export interface OpenStoreDeps {
  users: UserRepository;
  keys: ApiKeyRepository;
  storefront: StorefrontPort;
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
export async function openStoreForUser(
  deps: OpenStoreDeps,
  user: UserDocument,
  input: StoreInput,
  onRefused: () => Promise<void> = async () => undefined,
) {
  const opening = await deps.storefront.openStore({ ...input, owner_user_id: user.id, request_key: user.store_request_key });
  if (!opening.opened) {
    await onRefused();
    throw opening.refusal;
  }

  const now = deps.clock();
  const key = await issueStoreApiKey(deps.keys, opening.storeId, now);
  const attached = (await deps.users.attachStore(user.id, opening.storeId, now)) ?? user;
  return { user: attached, store_id: opening.storeId, api_key: key.plaintext };
}
