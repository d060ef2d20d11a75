import type { catalog } from '@commerce/contracts';
import { conflict, isNotFound, notFound } from '@commerce/grpc-runtime';
import type { CollectionRecord } from '../domain/collection';
import type { CollectionDocument } from '../infra/collection.repository';
import type { CatalogDeps } from './catalog-deps';
import { collectionEvent, requireRenderableSize, type CollectionTopic } from './catalog-events';
import { writeProduct } from './product-writer';

/** What a change makes of the collection, and the products whose membership it changes. */
export type CollectionChange = { next: CollectionRecord; topic: CollectionTopic; touches: number[] } | null;

const MAX_ATTEMPTS = 8;

/** The subset of `productIds` that are live products of the store, in one query. */
export async function liveProductIds(deps: Pick<CatalogDeps, 'products'>, storeId: number, productIds: number[]): Promise<Set<number>> {
  const live = await deps.products.findByIds(storeId, [...new Set(productIds)], { includeDeleted: false });
  return new Set(live.map((product) => product.id));
}

/**
 * Read, change, stamp and write one collection with the optimistic check, like writeProduct. The
 * products whose membership changed are recorded in the same write and get their product/updated
 * right after (touchProducts); a crash in between is finished by the start-up sweep.
 */
export async function writeCollection(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  collectionId: number,
  context: catalog.StoreContext,
  change: (current: CollectionDocument) => CollectionChange,
  // An owner's change is refused when the collection's rendering would exceed its budget (domain/rendered-size.ts).
  options: { withinSizeBudget?: boolean } = {},
): Promise<{ collection: CollectionDocument; liveIds: Set<number> }> {
  const written = await deps.queue.run(`collection:${storeId}:${collectionId}`, async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await deps.collections.findLive(storeId, collectionId);
      if (!current) throw notFound('collection');
      const proposed = change(current);
      if (!proposed) return { collection: current, touches: [] as number[] };
      const now = deps.clock();
      const next: CollectionRecord = { ...proposed.next, version: current.version + 1, updated_at: now };
      // A deleted collection's event shows the members it had; otherwise the members it has now.
      const liveIds = await liveProductIds(deps, storeId, next.product_ids);
      const event = collectionEvent(proposed.topic, next, liveIds, context, now);
      if (options.withinSizeBudget) requireRenderableSize([event]);
      const saved = await deps.collections.replace(current, next, proposed.touches, [event]);
      if (saved) return { collection: saved, touches: proposed.touches };
    }
    throw conflict('The collection is being changed by another request; try again');
  });
  await touchProducts(deps, storeId, written.collection.id, written.touches, context);
  return { collection: written.collection, liveIds: await liveProductIds(deps, storeId, written.collection.product_ids) };
}

/** product/updated for each product whose collections changed (its rendering lists them), then forgets the debt. */
export async function touchProducts(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  collectionId: number,
  productIds: number[],
  context: catalog.StoreContext,
): Promise<void> {
  for (const productId of productIds) {
    try {
      await writeProduct(deps, storeId, productId, context, (product) => ({ next: product, topic: 'product/updated' }));
    } catch (error) {
      // A product deleted meanwhile already said product/deleted; nothing is owed to it.
      if (!isNotFound(error)) throw error;
    }
    await deps.collections.touchDone(storeId, collectionId, productId);
  }
}
