import type { catalog } from '@commerce/contracts';
import { conflict, notFound } from '@commerce/grpc-runtime';
import type { ProductDocument } from '../infra/product.repository';
import type { CatalogDeps } from './catalog-deps';
import { requireRenderableSize, stampProductChange, type ProductTopic } from './catalog-events';

/** What a change makes of the product; null when nothing changes (no write, no event). */
export type ProductChange = { next: ProductDocument; topic: ProductTopic | null } | null;

export interface WrittenProduct {
  product: ProductDocument;
  /** The live collections holding it, as rendered. */
  collectionIds: number[];
  /** The store context the use case already read (the answer carries it; read again when absent). */
  context?: catalog.StoreContext;
}

const MAX_ATTEMPTS = 8;

export const productKey = (storeId: number, productId: number): string => `product:${storeId}:${productId}`;

export interface WriteProductOptions {
  includeDeleted?: boolean;
  /**
   * An owner's change: refused when the product's rendering would exceed its size budget (domain/rendered-size.ts).
   * Changes nobody asked of this product (its collections, its group's name, stock) are never refused for their size.
   */
  withinSizeBudget?: boolean;
}

/**
 * The one way a product changes: read, apply `change` (pure; may throw a domain error), stamp
 * versions and events, write with the optimistic check, and start over from a fresh read when another
 * writer got there first. Changes of one product in this process run one at a time.
 */
export function writeProduct(
  deps: Pick<CatalogDeps, 'products' | 'collections' | 'clock' | 'queue' | 'mediaOrigin'>,
  storeId: number,
  productId: number,
  context: catalog.StoreContext,
  change: (current: ProductDocument) => ProductChange,
  options: WriteProductOptions = {},
): Promise<WrittenProduct> {
  return deps.queue.run(productKey(storeId, productId), async () => {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await deps.products.findOne(storeId, productId);
      if (!current || (current.deleted && !options.includeDeleted)) throw notFound('product');
      const proposed = change(current);
      const collectionIds = await collectionIdsOf(deps, storeId, productId);
      if (!proposed) return { product: current, collectionIds, context };
      const { after, events } = stampProductChange(current, proposed.next, proposed.topic, {
        context,
        collectionIds,
        now: deps.clock(),
        mediaOrigin: deps.mediaOrigin,
      });
      if (options.withinSizeBudget) requireRenderableSize(events);
      const written = await deps.products.replace(current, after, events);
      if (written) return { product: written, collectionIds, context };
    }
    throw conflict('The product is being changed by another request; try again');
  });
}

/** The live collections holding one product, by id. */
export async function collectionIdsOf(deps: Pick<CatalogDeps, 'collections'>, storeId: number, productId: number): Promise<number[]> {
  return (await collectionIdsByProduct(deps, storeId, [productId])).get(productId) ?? [];
}

/** product id → ids of the live collections holding it, for a page of products in one query. */
export async function collectionIdsByProduct(
  deps: Pick<CatalogDeps, 'collections'>,
  storeId: number,
  productIds: number[],
): Promise<Map<number, number[]>> {
  const wanted = new Set(productIds);
  const byProduct = new Map<number, number[]>();
  for (const collection of await deps.collections.holding(storeId, productIds)) {
    for (const productId of collection.product_ids) {
      if (!wanted.has(productId)) continue;
      const ids = byProduct.get(productId) ?? [];
      if (!ids.includes(collection.id)) ids.push(collection.id);
      byProduct.set(productId, ids);
    }
  }
  return byProduct;
}
