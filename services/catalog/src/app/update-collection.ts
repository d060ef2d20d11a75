import type { catalog } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { applyCollectionChanges, collectionFieldViolations, distinctIds, membershipChanges } from '../domain/collection';
import { hasViolations } from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';
import { requireCollectionRoom, requireLiveProducts, type ShownCollection } from './collection-checks';
import { writeCollection } from './collection-writer';

/** Sets the fields present; `product_ids` replaces the membership, and the products that joined or left publish product/updated. */
export async function updateCollection(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  request: catalog.UpdateCollectionRequest,
): Promise<ShownCollection> {
  // The fields as the collection's schema names them (collectionFields): the ids come out of their presence wrapper.
  const fields = { ...request, product_ids: request.product_ids?.product_ids };
  const violations = collectionFieldViolations(fields, { name: false });
  if (hasViolations(violations)) throw validationFailed(violations);
  if (fields.product_ids) {
    await requireLiveProducts(deps, storeId, distinctIds(fields.product_ids));
    await requireCollectionRoom(deps, storeId, distinctIds(fields.product_ids), request.collection_id);
  }
  const context = await deps.storeContexts.of(storeId);
  return writeCollection(
    deps,
    storeId,
    request.collection_id,
    context,
    (current) => {
      const next = applyCollectionChanges(current, fields);
      return next ? { next, topic: 'collection/updated', touches: membershipChanges(current.product_ids, next.product_ids) } : null;
    },
    { withinSizeBudget: true },
  );
}
