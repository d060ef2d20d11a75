import type { catalog } from '@commerce/contracts';
import { COLLECTIONS_PER_PAGE, pageOf } from '../domain/paging';
import type { CollectionDocument } from '../infra/collection.repository';
import type { CatalogDeps } from './catalog-deps';
import type { ShownCollection } from './collection-checks';
import { liveProductIds } from './collection-writer';

export async function listCollections(
  deps: Pick<CatalogDeps, 'products' | 'collections'>,
  storeId: number,
  request: Pick<catalog.ListCollectionsRequest, 'page' | 'limit'>,
): Promise<{ collections: ShownCollection[]; total: number; page: number; limit: number }> {
  const { page, limit, skip } = pageOf(request.page, request.limit, COLLECTIONS_PER_PAGE);
  const [documents, total] = await Promise.all([deps.collections.page(storeId, skip, limit), deps.collections.count(storeId)]);
  const liveIds = await liveProductIds(
    deps,
    storeId,
    documents.flatMap((collection: CollectionDocument) => collection.product_ids),
  );
  return { collections: documents.map((collection) => ({ collection, liveIds })), total, page, limit };
}
