import type { catalog } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { withoutMember } from '../domain/collection';
import type { CatalogDeps } from './catalog-deps';
import type { ShownCollection } from './collection-checks';
import { writeCollection } from './collection-writer';

/** Takes one product out of the collection, leaving the others as they are when written (docs/catalog.md#one-products-membership). */
export async function removeCollectionProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  request: Pick<catalog.RemoveCollectionProductRequest, 'collection_id' | 'product_id'>,
): Promise<ShownCollection> {
  const { collection_id: collectionId, product_id: productId } = request;
  const context = await deps.storeContexts.of(storeId);
  return writeCollection(deps, storeId, collectionId, context, (current) => {
    const productIds = withoutMember(current.product_ids, productId);
    if (!productIds) throw notFound('product in the collection');
    return { next: { ...current, product_ids: productIds }, topic: 'collection/updated', touches: [productId] };
  });
}
