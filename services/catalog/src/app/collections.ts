import type { catalog } from '@commerce/contracts';
import { notFound, validationFailed } from '@commerce/grpc-runtime';
import { applyCollectionChanges, collectionFieldViolations, distinctIds, membershipChanges, type CollectionRecord } from '../domain/collection';
import { COLLECTIONS_PER_PAGE, pageOf } from '../domain/paging';
import { hasViolations } from '../domain/product-input';
import type { CollectionDocument } from '../infra/collection.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionEvent } from './catalog-events';
import { liveProductIds, touchProducts, writeCollection } from './collection-writer';

export interface ShownCollection {
  collection: CollectionRecord;
  liveIds: Set<number>;
}

/** Unknown, foreign or deleted product ids are INVALID_ARGUMENT on `products`, as the API names the field. */
async function requireLiveProducts(deps: CatalogDeps, storeId: number, productIds: number[]): Promise<void> {
  const live = await liveProductIds(deps, storeId, productIds);
  const unknown = productIds.filter((id) => !live.has(id));
  if (unknown.length > 0) throw validationFailed({ products: [`has unknown product ids: ${unknown.join(', ')}`] });
}

export async function createCollection(deps: CatalogDeps, storeId: number, request: catalog.CreateCollectionRequest): Promise<ShownCollection> {
  const violations = collectionFieldViolations({ name: request.name, description: request.description, product_ids: request.product_ids }, { name: true });
  if (hasViolations(violations)) throw validationFailed(violations);
  const productIds = distinctIds(request.product_ids);
  await requireLiveProducts(deps, storeId, productIds);
  const context = await deps.storeContexts.of(storeId);

  const now = deps.clock();
  const record: CollectionRecord = {
    store_id: storeId,
    id: await deps.nextId('collections'),
    name: request.name.trim(),
    description: request.description,
    product_ids: productIds,
    created_at: now,
    updated_at: now,
    deleted: false,
    version: 1,
  };
  const liveIds = new Set(productIds);
  const saved = await deps.collections.insert(record, productIds, collectionEvent('collection/created', record, liveIds, context, now));
  await touchProducts(deps, storeId, saved.id, productIds, context);
  return { collection: saved, liveIds: await liveProductIds(deps, storeId, saved.product_ids) };
}

export async function getCollection(deps: CatalogDeps, storeId: number, collectionId: number): Promise<ShownCollection> {
  const collection = await deps.collections.findLive(storeId, collectionId);
  if (!collection) throw notFound('collection');
  return { collection, liveIds: await liveProductIds(deps, storeId, collection.product_ids) };
}

/** Sets the fields present; `product_ids` replaces the membership, and the products that joined or left publish product/updated. */
export async function updateCollection(deps: CatalogDeps, storeId: number, request: catalog.UpdateCollectionRequest): Promise<ShownCollection> {
  const fields = { name: request.name, description: request.description, product_ids: request.product_ids?.product_ids };
  const violations = collectionFieldViolations(fields, { name: false });
  if (hasViolations(violations)) throw validationFailed(violations);
  if (fields.product_ids) await requireLiveProducts(deps, storeId, distinctIds(fields.product_ids));
  const context = await deps.storeContexts.of(storeId);
  return writeCollection(deps, storeId, request.collection_id, context, (current) => {
    const next = applyCollectionChanges(current, fields);
    return next ? { next, topic: 'collection/updated', touches: membershipChanges(current.product_ids, next.product_ids) } : null;
  });
}

/** Soft delete; the products stay and, no longer listing it, publish product/updated. */
export async function deleteCollection(deps: CatalogDeps, storeId: number, collectionId: number): Promise<ShownCollection> {
  const context = await deps.storeContexts.of(storeId);
  return writeCollection(deps, storeId, collectionId, context, (current) => ({
    next: { ...current, deleted: true, deleted_at: deps.clock() },
    topic: 'collection/deleted',
    touches: [...current.product_ids],
  }));
}

export async function listCollections(
  deps: CatalogDeps,
  storeId: number,
  request: Pick<catalog.ListCollectionsRequest, 'page' | 'limit'>,
): Promise<{ collections: ShownCollection[]; total: number; page: number; limit: number }> {
  const { page, limit, skip } = pageOf(request.page, request.limit, COLLECTIONS_PER_PAGE);
  const [documents, total] = await Promise.all([deps.collections.page(storeId, skip, limit), deps.collections.count(storeId)]);
  const liveIds = await liveProductIds(deps, storeId, documents.flatMap((collection: CollectionDocument) => collection.product_ids));
  return { collections: documents.map((collection) => ({ collection, liveIds })), total, page, limit };
}
