import { notFound } from '@commerce/grpc-runtime';
import type { CatalogDeps } from './catalog-deps';
import type { ShownCollection } from './collection-checks';
import { liveProductIds } from './collection-writer';

export async function getCollection(
  deps: Pick<CatalogDeps, 'products' | 'collections'>,
  storeId: number,
  collectionId: number,
): Promise<ShownCollection> {
  const collection = await deps.collections.findLive(storeId, collectionId);
  if (!collection) throw notFound('collection');
  return { collection, liveIds: await liveProductIds(deps, storeId, collection.product_ids) };
}
