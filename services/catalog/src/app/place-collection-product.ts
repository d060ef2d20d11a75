import type { catalog } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { collectionFieldViolations, membershipChanges, placeMember } from '../domain/collection';
import { hasViolations } from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';
import { requireCollectionRoom, type ShownCollection } from './collection-checks';
import { liveProductIds, writeCollection } from './collection-writer';

/**
 * Puts one product in the collection at `position`, or moves it there (docs/catalog.md#one-products-membership). The
 * change is made on the collection as it is when written, so other products placed or removed meanwhile stay as they are.
 */
export async function placeCollectionProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  request: Pick<catalog.PlaceCollectionProductRequest, 'collection_id' | 'product_id' | 'position'>,
): Promise<ShownCollection> {
  const { collection_id: collectionId, product_id: productId, position } = request;
  if (!(await liveProductIds(deps, storeId, [productId])).has(productId)) throw notFound('product');
  await requireCollectionRoom(deps, storeId, [productId], collectionId);
  const context = await deps.storeContexts.of(storeId);
  return writeCollection(
    deps,
    storeId,
    collectionId,
    context,
    (current) => {
      const productIds = placeMember(current.product_ids, productId, position);
      if (!productIds) return null;
      const violations = collectionFieldViolations({ product_ids: productIds }, { name: false });
      if (hasViolations(violations)) throw validationFailed(violations);
      const touches = membershipChanges(current.product_ids, productIds);
      return { next: { ...current, product_ids: productIds }, topic: 'collection/updated', touches };
    },
    { withinSizeBudget: true },
  );
}
