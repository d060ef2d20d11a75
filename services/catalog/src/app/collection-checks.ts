import { validationFailed } from '@commerce/grpc-runtime';
import type { CollectionRecord } from '../domain/collection';
import type { CatalogDeps } from './catalog-deps';
import { liveProductIds } from './collection-writer';

/** What a collection use case answers: the collection and which of its products are live (its rendering lists only those). */
export interface ShownCollection {
  collection: CollectionRecord;
  liveIds: Set<number>;
}

/** Unknown, foreign or deleted product ids are INVALID_ARGUMENT on `products`, as the API names the field. */
export async function requireLiveProducts(deps: CatalogDeps, storeId: number, productIds: number[]): Promise<void> {
  const live = await liveProductIds(deps, storeId, productIds);
  const unknown = productIds.filter((id) => !live.has(id));
  if (unknown.length > 0) throw validationFailed({ products: [`has unknown product ids: ${unknown.join(', ')}`] });
}
