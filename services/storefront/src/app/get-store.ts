import { notFound } from '@commerce/grpc-runtime';
import type { StoreRepository, StoreDocument } from '../infra/store.repository';

export async function getStore(stores: StoreRepository, storeId: number): Promise<StoreDocument> {
  const store = await stores.findById(storeId);
  if (!store) throw notFound('store');
  return store;
}
