import type { CatalogDeps } from './catalog-deps';
import type { ShownCollection } from './collection-checks';
import { writeCollection } from './collection-writer';

/** Soft delete; the products stay and, no longer listing it, publish product/updated. */
export async function deleteCollection(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  collectionId: number,
): Promise<ShownCollection> {
  const context = await deps.storeContexts.of(storeId);
  return writeCollection(deps, storeId, collectionId, context, (current) => ({
    next: { ...current, deleted: true, deleted_at: deps.clock() },
    topic: 'collection/deleted',
    touches: [...current.product_ids],
  }));
}
