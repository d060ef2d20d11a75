import type { DomainEvent, OutboxCollection } from '@commerce/events';
import type { Filter } from '@commerce/persistence';
import type { Placement, ProductRecord, ProductStatus } from '../domain/product';
import { productRecordFields } from '../domain/product-input';
import { searchTextOf } from '../domain/product-search';

/**
 * A reservation's footprint on one product, written in the same update as the stock change so a
 * retry or a crash sweep can tell whether that product's lines were taken ('held') or put back
 * ('released'). Cleared once the reservation settles, so it does not grow with the orders.
 */
export interface StockMark {
  reservation_id: number;
  state: 'held' | 'released';
}

/** A product document: the aggregate (product + variants), its write counter and its pending events. */
export interface ProductDocument extends ProductRecord {
  [key: string]: unknown;
  /** Bumped by every write: the optimistic-concurrency check of `replace`. */
  rev: number;
  stock_marks: StockMark[];
  /** Set with the delete, cleared once the product is out of every collection (a crash sweep finishes it). */
  collections_cleanup_pending: boolean;
  /** What the list's `q` searches (domain/product-search.ts), written with every insert and replace. */
  search_text?: string;
  outbox: DomainEvent[];
}

/**
 * Fields `replace` writes: the record's own fields (productFields), what catalog keeps beside them, the stock marks
 * and the cleanup flag.
 */
const WRITABLE_FIELDS = [
  ...productRecordFields.keys,
  'shipping_group_id',
  'shipping_group_name',
  'position',
  'updated_at',
  'deleted',
  'deleted_at',
  'default_variant_id',
  'photos',
  'variants',
  'version',
  'stock_marks',
  'collections_cleanup_pending',
] as const;

/** Which live products a page lists: equalities, then one range (id, or updated_at), the shapes the indexes serve. */
export interface ProductQuery {
  storeId: number;
  status?: ProductStatus;
  shippingGroupId?: number;
  /** Only products with a higher / lower id. */
  newerThanId?: number;
  olderThanId?: number;
  /** Only these products (a collection's). */
  ids?: number[];
  /** Only products updated at or after / at or before. */
  updatedAtMin?: Date;
  updatedAtMax?: Date;
  /** Only products whose search_text contains this (already lowercased) text. */
  text?: string;
}

/** Every query names the store (docs/architecture.md#contracts); the sweeps at start-up are the one exception and say so. */
export class ProductRepository {
  static readonly collection = 'products';

  constructor(private readonly products: OutboxCollection<ProductDocument>) {}

  async insert(record: ProductRecord, events: DomainEvent[]): Promise<ProductDocument> {
    return this.products.insertWithEvents(
      { ...record, search_text: searchTextOf(record), rev: 1, stock_marks: [], collections_cleanup_pending: false },
      events,
    );
  }

  /** A product whatever its state; callers decide what a deleted one means. */
  findOne(storeId: number, productId: number): Promise<ProductDocument | null> {
    return this.products.findOne({ store_id: storeId, id: productId });
  }

  findLive(storeId: number, productId: number): Promise<ProductDocument | null> {
    return this.products.findOne({ store_id: storeId, deleted: false, id: productId });
  }

  findByIds(storeId: number, ids: number[], options: { includeDeleted: boolean }): Promise<ProductDocument[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const filter: Filter = { store_id: storeId, id: { $in: ids } };
    if (!options.includeDeleted) filter.deleted = false;
    return this.products.find(filter, { sort: { id: 1 } });
  }

  /**
   * One page in id order (descending when asked), with the count and the highest id of every product the query matches.
   * A search (`text`) is a contains-match no index can seek, so it walks the store's live products in id order: on the
   * listing indexes (products_live_text, _by_status_text, _by_group_text) whose last key is search_text, so SQLite and
   * MongoDB test each index entry and read only the matching documents. The page stops once it is full; the count walks
   * the whole range (~10 ms for 100,000 products on SQLite; SQLite keeps it until the next write), and so does the
   * highest id when the page does not hold it.
   */
  async page(
    query: ProductQuery,
    page: { skip: number; limit: number; descending: boolean },
  ): Promise<{ products: ProductDocument[]; total: number; maxId: number }> {
    const filter = filterOf(query);
    const [products, total] = await Promise.all([
      this.products.find(filter, { sort: { id: page.descending ? -1 : 1 }, skip: page.skip, limit: page.limit }),
      this.products.count(filter),
    ]);
    // The highest id is on the page when it holds the first matches newest first, or the last ones oldest first: no
    // second walk of the range then (a search's, on a large store, is the cost of the page itself).
    const holdsHighest = page.descending ? page.skip === 0 : page.skip + products.length >= total;
    if (total === 0 || (products.length > 0 && holdsHighest)) {
      return { products, total, maxId: total === 0 ? 0 : Math.max(...products.map((product) => product.id)) };
    }
    const [highest] = await this.products.findFields(filter, ['id'], { sort: { id: -1 }, limit: 1 });
    return { products, total, maxId: highest?.id ?? 0 };
  }

  /** The live products of a shipping group in id order: all of them, or `limit` after the id `afterId`. */
  inShippingGroup(storeId: number, groupId: number, options: { afterId?: number; limit?: number } = {}): Promise<ProductDocument[]> {
    const filter: Filter = { store_id: storeId, deleted: false, shipping_group_id: groupId };
    if (options.afterId !== undefined) filter.id = { $gt: options.afterId };
    return this.products.find(filter, options.limit === undefined ? { sort: { id: 1 } } : { sort: { id: 1 }, limit: options.limit });
  }

  /** Which of the image ids a photo of a live product refers to (index products_live_by_image). */
  async imagesInUse(storeId: number, imageIds: number[]): Promise<Set<number>> {
    const wanted = new Set(imageIds);
    const products = await this.products.findFields({ store_id: storeId, deleted: false, 'photos.image_id': { $in: imageIds } }, [
      'photos',
    ]);
    return new Set(products.flatMap((product) => product.photos.map((photo) => photo.image_id)).filter((id) => wanted.has(id)));
  }

  /** The live products a photo of which refers to the image, in id order (index products_live_by_image). */
  withImage(storeId: number, imageId: number): Promise<Array<Pick<ProductDocument, 'id'>>> {
    return this.products.findFields({ store_id: storeId, deleted: false, 'photos.image_id': imageId }, ['id'], { sort: { id: 1 } });
  }

  /** The store's first rank (a product placed at the top goes before it) or its last one (bottom: after it); one indexed read. */
  async rankBound(storeId: number, placement: Placement): Promise<{ first?: number; last?: number }> {
    const [edge] = await this.products.findFields({ store_id: storeId, deleted: false }, ['position'], {
      sort: { position: placement === 'top' ? 1 : -1 },
      limit: 1,
    });
    return placement === 'top' ? { first: edge?.position } : { last: edge?.position };
  }

  /**
   * Writes `next` over `current` if nobody wrote the product since it was read, appending the events
   * in the same atomic update. Answers null when the write lost the race (re-read and try again).
   */
  replace(current: ProductDocument, next: ProductDocument, events: DomainEvent[]): Promise<ProductDocument | null> {
    const $set: Record<string, unknown> = {};
    for (const field of WRITABLE_FIELDS) if (next[field] !== undefined) $set[field] = next[field];
    $set.search_text = searchTextOf(next);
    return this.products.findOneAndUpdateWithEvents(
      { store_id: current.store_id, id: current.id, rev: current.rev },
      { $set, $inc: { rev: 1 } },
      events,
    );
  }

  /** Drops a settled reservation's mark; bumps rev so a concurrent `replace` cannot write the mark back. */
  async clearStockMark(storeId: number, productId: number, reservationId: number): Promise<void> {
    await this.products.updateOne(
      { store_id: storeId, id: productId },
      { $pull: { stock_marks: { reservation_id: reservationId } }, $inc: { rev: 1 } },
    );
  }

  async markCollectionsCleaned(storeId: number, productId: number): Promise<void> {
    await this.products.updateOne({ store_id: storeId, id: productId }, { $set: { collections_cleanup_pending: false }, $inc: { rev: 1 } });
  }

  /** Start-up sweep across stores: deletions whose collection cleanup a crash interrupted. */
  pendingCollectionCleanups(limit: number): Promise<ProductDocument[]> {
    return this.products.find({ collections_cleanup_pending: true }, { sort: { id: 1 }, limit });
  }
}

function filterOf(query: ProductQuery): Filter {
  const filter: Filter = { store_id: query.storeId, deleted: false };
  if (query.status) filter.status = query.status;
  if (query.shippingGroupId) filter.shipping_group_id = query.shippingGroupId;
  const ids: Record<string, unknown> = {};
  if (query.newerThanId) ids.$gt = query.newerThanId;
  if (query.olderThanId) ids.$lt = query.olderThanId;
  if (query.ids) ids.$in = query.ids;
  if (Object.keys(ids).length > 0) filter.id = ids;
  const updatedAt: Record<string, Date> = {};
  if (query.updatedAtMin) updatedAt.$gte = query.updatedAtMin;
  if (query.updatedAtMax) updatedAt.$lte = query.updatedAtMax;
  if (Object.keys(updatedAt).length > 0) filter.updated_at = updatedAt;
  if (query.text !== undefined) filter.search_text = { $contains: query.text };
  return filter;
}
