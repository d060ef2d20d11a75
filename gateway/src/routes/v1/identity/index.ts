import { Router } from 'express';
import type { BackendClients } from '../../../clients';
import { meRoutes } from './me.routes';
import { storeCreationRoutes } from './store-creation.routes';

export { applicationStoreRoutes } from './application-store.routes';

/** The user's own routes: GET /v1/me and POST /v1/stores (both OAuth only, scope `user`); mounted under /v1. */
export function identityRouter(clients: BackendClients): Router {
  const router = Router();
  meRoutes(router, clients);
  storeCreationRoutes(router, clients);
  return router;
}
