import type { Router } from 'express';
import { presentStore } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { dataAnswer, storeJson } from '../../openapi/answers';
import { operation } from '../../openapi/operation';
import { updateStoreInput } from './store.schemas';

/** The store of the calling key or user (spec 4.3) on the /v1 router, routed to the storefront service's StoreService. */
export function storeRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/store',
    operation({ summary: 'Get the store', tag: 'Store', auth: 'store', answer: dataAnswer(storeJson) }, async (_req, res, { storeId, call }) => {
      const { store } = await clients.stores.getStore({ store_id: storeId }, call);
      ok(res, presentStore(store!));
    }),
  );

  router.put(
    '/store',
    operation({ summary: 'Update the store', tag: 'Store', auth: 'store', input: updateStoreInput, answer: dataAnswer(storeJson) }, async (_req, res, { storeId, call, input }) => {
      const changes = input();
      const { store } = await clients.stores.updateStore({ store_id: storeId, ...changes }, call);
      ok(res, presentStore(store!));
    }),
  );
}
