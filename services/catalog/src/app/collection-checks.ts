import { listExcerpt, validationFailed } from '@commerce/grpc-runtime';
import { collectionRoomViolations, type CollectionRecord } from '../domain/collection';
import { hasViolations } from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';
import { liveProductIds } from './collection-writer';
import { collectionIdsByProduct } from './product-writer';

/** What a collection use case answers: the collection and which of its products are live (its rendering lists only those). */
export interface ShownCollection {
  collection: CollectionRecord;
  liveIds: Set<number>;
}

/** Unknown, foreign or deleted product ids are INVALID_ARGUMENT on `products`, as the API names the field. */
export async function requireLiveProducts(deps: Pick<CatalogDeps, 'products'>, storeId: number, productIds: number[]): Promise<void> {
  const live = await liveProductIds(deps, storeId, productIds);
  const unknown = productIds.filter((id) => !live.has(id));
  if (unknown.length > 0) throw validationFailed({ products: [`has unknown product ids: ${listExcerpt(unknown)}`] });
}

/** Products already in the most collections a product can be in cannot join `collectionId` (absent: a new one). */
export async function requireCollectionRoom(
  deps: Pick<CatalogDeps, 'collections'>,
  storeId: number,
  productIds: number[],
  collectionId?: number,
): Promise<void> {
  const holding = await collectionIdsByProduct(deps, storeId, productIds);
  const others = new Map(productIds.map((id) => [id, (holding.get(id) ?? []).filter((held) => held !== collectionId).length]));
  const violations = collectionRoomViolations(others);
  if (hasViolations(violations)) throw validationFailed(violations);
}
