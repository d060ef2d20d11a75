import type { storefront } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { createStore } from '../app/create-store';
import { findStore } from '../app/find-store';
import { getStore } from '../app/get-store';
import { toStoreMessage } from '../app/store-message';
import type { StorefrontDeps } from '../app/storefront-deps';
import { updateStore } from '../app/update-store';
import type { StoreChanges, StoreRecord } from '../domain/store';

/** Thin: request → use case → response. */
export function storefrontHandlers(deps: StorefrontDeps): ServiceHandlers<typeof storefront.StoreServiceService> {
  const render = (record: StoreRecord) => ({ store: toStoreMessage(record, deps.settings) });
  return {
    createStore: async (request) => render(await createStore(deps, request, request.request_key || undefined)),
    getStore: async (request) => render(await getStore(deps, requireStoreId(request.store_id))),
    updateStore: async (request) => {
      const { store_id, ...fields } = request;
      const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as StoreChanges;
      return render(await updateStore(deps, requireStoreId(store_id), changes));
    },
    findStore: async ({ address }) => render(await findStore(deps, address && { kind: address.$case, value: address.value })),
  };
}
