import type { ApiRoutes } from '../api-routes';
import { presentStore } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { readParams } from '../../http/input';
import { parseInput } from '../../http/coerce';
import { route } from '../route';
import { updateStoreInput } from './store.schemas';

export function storeRoutes(routes: ApiRoutes, clients: BackendClients): void {
  routes.get(
    '/store',
    route(async (_req, res, { storeId, call }) => {
      const { store } = await clients.stores.getStore({ store_id: storeId }, call);
      ok(res, presentStore(store!));
    }),
  );

  routes.put(
    '/store',
    route(async (req, res, { storeId, call }) => {
      const changes = parseInput(updateStoreInput, readParams(req));
      const { store } = await clients.stores.updateStore({ store_id: storeId, ...changes }, call);
      ok(res, presentStore(store!));
    }),
  );
}
