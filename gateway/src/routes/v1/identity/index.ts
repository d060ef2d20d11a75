import type { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { meRoutes } from './me.routes';
import { storeCreationRoutes } from './store-creation.routes';

export { applicationStoreRoutes } from './application-store.routes';

/** The user's own routes on the /v1 router: GET /v1/me and POST /v1/stores (both OAuth only, scope `user`). */
export function identityRoutes(router: Router, clients: BackendClients): void {
  meRoutes(router, clients);
  storeCreationRoutes(router, clients);
}
