import type { Router } from 'express';
import { presentStore } from '@commerce/api-presenters';
import type { BackendClients } from '../../clients';
import { ok } from '../../http/envelope';
import { dataAnswer, storeJson } from '../../openapi/answers';
import { operation } from '../../openapi/operation';
import { updateStoreInput } from './store.schemas';

/**
 * The store of the calling key or user (docs/api-conventions.md#store) on the /v1 router, routed to the storefront service's StoreService.
 */
export function storeRoutes(router: Router, clients: BackendClients): void {
  router.get(
    '/store',
    operation(
      {
        summary: 'Get the store',
        description: 'The store of the calling API key or token: its record with `id`, `created_at` and `updated_at`.',
        tag: 'Store',
        auth: 'store',
        answer: dataAnswer(storeJson),
      },
      async (_req, res, { storeId, call }) => {
        const { store } = await clients.stores.getStore({ store_id: storeId }, call);
        ok(res, presentStore(store!));
      },
    ),
  );

  router.put(
    '/store',
    operation(
      {
        summary: 'Update the store',
        description:
          "Changes the fields sent, and only those, the store's `css` and `layout` markup included; `url`, `service_url` " +
          'and `subdomain` do not change. A `custom_domain` that another store has, or a host of the platform itself, is a ' +
          '422. Publishes `store/updated`.',
        tag: 'Store',
        auth: 'store',
        input: updateStoreInput,
        answer: dataAnswer(storeJson),
      },
      async (_req, res, { storeId, call, input }) => {
        const changes = input();
        const { store } = await clients.stores.updateStore({ store_id: storeId, ...changes }, call);
        ok(res, presentStore(store!));
      },
    ),
  );
}
