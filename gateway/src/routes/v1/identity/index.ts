import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { accountRoutes } from './account.routes';
import { meRoutes } from './me.routes';
import { storeCreationRoutes } from './store-creation.routes';

export { applicationStoreRoutes } from './application-store.routes';

/**
 * The user's own routes on the /v1 router, OAuth only: GET /v1/me and POST /v1/stores (scope `user`), and the account
 * calls (scope `account`: the store's API key, developer apps, authorized apps).
 */
export function identityRoutes(router: Router, clients: BackendClients): void {
  meRoutes(router, clients);
  storeCreationRoutes(router, clients);
  accountRoutes(router, clients);
}
