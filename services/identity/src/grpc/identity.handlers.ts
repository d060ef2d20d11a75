import type { identity } from '@commerce/contracts';
import { notFound, requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { authenticateApiKey } from '../app/authenticate-api-key';
import { checkGrant } from '../app/check-grant';
import { createAppForOwnerEmail } from '../app/create-app';
import { createApplicationStore } from '../app/create-application-store';
import { createStoreAccount } from '../app/create-store-account';
import { createUserStore } from '../app/create-user-store';
import type { IdentityDeps } from '../app/identity-deps';
import { rotateApiKey } from '../app/rotate-api-key';
import { toAppMessage, toUserMessage } from '../app/user-message';

/** Thin: request → use case → response. */
export function identityHandlers(deps: IdentityDeps): ServiceHandlers<typeof identity.IdentityServiceService> {
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
    createUserStore: async (request) => {
      const { user, store_id } = await createUserStore(deps, request);
      return { user: toUserMessage(user), store_id };
    },
    createApplicationStore: async (request) => {
      const { user, store_id, token } = await createApplicationStore(deps, request);
      return { user: toUserMessage(user), store_id, token };
    },
    createApp: async (request) => {
      const { app, clientSecret } = await createAppForOwnerEmail(deps, request);
      return { app: toAppMessage(app), client_secret: clientSecret };
    },
    checkGrant: (request) => checkGrant(deps, request.grant_id),
  };
}
