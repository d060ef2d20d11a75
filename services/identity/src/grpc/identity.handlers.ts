import type { identity } from '@commerce/contracts';
import { notFound, requireStoreId, validationFailed, type ServiceHandlers } from '@commerce/grpc-runtime';
import { authenticateApiKey } from '../app/authenticate-api-key';
import { checkGrant } from '../app/check-grant';
import { listAuthorizedApps, revokeAppAuthorization } from '../app/authorized-apps';
import { createAppForOwner } from '../app/create-app';
import { createApplicationStore } from '../app/create-application-store';
import { createStoreAccount } from '../app/create-store-account';
import { createUserStore } from '../app/create-user-store';
import { deleteApp } from '../app/delete-app';
import type { IdentityDeps } from '../app/identity-deps';
import { rotateApiKey } from '../app/rotate-api-key';
import { toAppMessage, toAuthorizedAppMessage, toUserMessage } from '../app/user-message';

/** The account calls act for one user: a request without one is a caller's bug, refused before any query. */
function requireUserId(userId: number, field = 'user_id'): number {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw validationFailed({ [field]: ['is required'] }, `${field} is required`);
  return userId;
}

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
      const { app, clientSecret } = await createAppForOwner(deps, request);
      return { app: toAppMessage(app), client_secret: clientSecret };
    },
    listApps: async (request) => ({
      apps: (await deps.apps.listOwnedBy(requireUserId(request.owner_user_id, 'owner_user_id'))).map(toAppMessage),
    }),
    deleteApp: async (request) => ({
      app: toAppMessage(await deleteApp(deps, requireUserId(request.owner_user_id, 'owner_user_id'), request.client_id)),
    }),
    listAuthorizedApps: async (request) => ({
      apps: (await listAuthorizedApps(deps, requireUserId(request.user_id))).map(toAuthorizedAppMessage),
    }),
    revokeAppAuthorization: async (request) => {
      const { app, revokedGrants } = await revokeAppAuthorization(deps, requireUserId(request.user_id), request.client_id);
      return { app: toAuthorizedAppMessage(app), revoked_grants: revokedGrants };
    },
    checkGrant: (request) => checkGrant(deps, request.grant_id),
  };
}
