import { isNotFound } from '@commerce/grpc-runtime';
import type { catalog } from '@commerce/contracts';
import type { CatalogDeps } from './catalog-deps';
import { writeCollection } from './collection-writer';
import { writeProduct, type WrittenProduct } from './product-writer';

/**
 * Soft delete: the product is gone from every read at once (deleted, and reads of collections drop
 * it); it is then pulled from its collections, each publishing collection/updated. The pending flag
 * written with the delete lets the start-up sweep finish a pull a crash interrupted.
 */
export async function deleteProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  productId: number,
): Promise<WrittenProduct> {
  const context = await deps.storeContexts.of(storeId);
  const deleted = await writeProduct(deps, storeId, productId, context, (product) => ({
    next: { ...product, deleted: true, deleted_at: deps.clock(), collections_cleanup_pending: true },
    topic: 'product/deleted',
  }));
  await pullFromCollections(deps, storeId, productId, context);
  return { product: deleted.product, collectionIds: [], context };
}

export async function pullFromCollections(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  productId: number,
  context: catalog.StoreContext,
): Promise<void> {
  for (const holder of await deps.collections.holding(storeId, [productId])) {
    await writeCollection(deps, storeId, holder.id, context, (collection) =>
      collection.product_ids.includes(productId)
        ? {
            next: { ...collection, product_ids: collection.product_ids.filter((id) => id !== productId) },
            topic: 'collection/updated',
            touches: [],
          }
        : null,
    ).catch((error: unknown) => {
      // The collection was deleted meanwhile: nothing to pull from.
      if (!isNotFound(error)) throw error;
    });
  }
  await deps.products.markCollectionsCleaned(storeId, productId);
}
