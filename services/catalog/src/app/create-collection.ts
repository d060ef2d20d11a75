import type { catalog } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { collectionFieldViolations, collectionRecordFields, type CollectionRecord } from '../domain/collection';
import { hasViolations } from '../domain/product-input';
import type { CatalogDeps } from './catalog-deps';
import { collectionEvent, requireRenderableSize } from './catalog-events';
import { requireCollectionRoom, requireLiveProducts, type ShownCollection } from './collection-checks';
import { liveProductIds, touchProducts } from './collection-writer';

export async function createCollection(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'storeContexts' | 'nextId' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  request: catalog.CreateCollectionRequest,
): Promise<ShownCollection> {
  const violations = collectionFieldViolations(request, { name: true });
  if (hasViolations(violations)) throw validationFailed(violations);
  const input = collectionRecordFields.create(request);
  const productIds = input.product_ids;
  await requireLiveProducts(deps, storeId, productIds);
  await requireCollectionRoom(deps, storeId, productIds);
  const context = await deps.storeContexts.of(storeId);

  const now = deps.clock();
  const record: CollectionRecord = {
    store_id: storeId,
    id: await deps.nextId('collections'),
    ...input,
    created_at: now,
    updated_at: now,
    deleted: false,
    version: 1,
  };
  const liveIds = new Set(productIds);
  const event = collectionEvent('collection/created', record, liveIds, context, now);
  requireRenderableSize([event]);
  const saved = await deps.collections.insert(record, productIds, event);
  await touchProducts(deps, storeId, saved.id, productIds, context);
  return { collection: saved, liveIds: await liveProductIds(deps, storeId, saved.product_ids) };
}
