import { notFound } from '@commerce/grpc-runtime';
import type { StoreDocument } from '../infra/store.repository';
import type { StorefrontDeps } from './storefront-deps';

export async function getStore(deps: Pick<StorefrontDeps, 'stores'>, storeId: number): Promise<StoreDocument> {
  const store = await deps.stores.findById(storeId);
  if (!store) throw notFound('store');
  return store;
}
