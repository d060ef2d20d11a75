import type { Router } from 'express';
import { presentStore } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { readParams } from '../../http/input';
import { parseInput } from '../../http/coerce';
import { route } from '../route';
import { updateStoreInput } from './store.schemas';

/** The store of the calling key or user (spec 4.3) on the /v1 router, routed to the storefront service's StoreService. */
export function storeRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/store',
    route(async (_req, res, { storeId, call }) => {
      const { store } = await clients.stores.getStore({ store_id: storeId }, call);
      ok(res, presentStore(store!));
    }),
  );

  router.put(
    '/store',
    route(async (req, res, { storeId, call }) => {
      const changes = parseInput(updateStoreInput, readParams(req));
      const { store } = await clients.stores.updateStore({ store_id: storeId, ...changes }, call);
      ok(res, presentStore(store!));
    }),
  );
}
