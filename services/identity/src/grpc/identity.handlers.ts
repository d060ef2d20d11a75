import type { identity } from '@commerce/contracts';
import { notFound, requireStoreId, type UnaryHandlers } from '@commerce/grpc-runtime';
import { authenticateApiKey } from '../app/authenticate-api-key';
import { createStoreAccount, type StoreAccountDeps } from '../app/create-store-account';
import { rotateApiKey } from '../app/rotate-api-key';
import { toUserMessage } from '../app/user-message';

export function identityHandlers(deps: StoreAccountDeps): UnaryHandlers<identity.IdentityServiceServer> {
  return {
    createStoreAccount: async (request) => {
      const account = await createStoreAccount(deps, request);
      return { user: toUserMessage(account.user), store_id: account.store_id, api_key: account.api_key };
    },
    authenticateApiKey: async (request) => {
      const { storeId, keyId } = await authenticateApiKey(deps.keys, request.api_key);
      return { store_id: storeId, key_id: keyId };
    },
    rotateApiKey: async (request) => {
      const { plaintext, keyId } = await rotateApiKey(deps.keys, requireStoreId(request.store_id), deps.clock());
      return { api_key: plaintext, key_id: keyId };
    },
    getUser: async (request) => {
      const user = await deps.users.findById(request.user_id);
      if (!user) throw notFound('user');
      return { user: toUserMessage(user) };
    },
  };
}
