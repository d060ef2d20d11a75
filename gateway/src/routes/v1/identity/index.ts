import type { ApiRoutes } from '../../api-routes';
import type { BackendClients } from '../../../clients';
import { meRoutes } from './me.routes';
import { storeCreationRoutes } from './store-creation.routes';

export { applicationStoreRoutes } from './application-store.routes';

/** The user's own routes: GET /v1/me and POST /v1/stores (both OAuth only, scope `user`). */
export function identityRoutes(routes: ApiRoutes, clients: BackendClients): void {
  meRoutes(routes, clients);
  storeCreationRoutes(routes, clients);
}
