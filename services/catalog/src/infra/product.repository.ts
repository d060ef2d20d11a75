import type { DomainEvent, OutboxCollection } from '@commerce/events';
import type { Filter, FindOptions } from '@commerce/persistence';
import type { Placement, ProductRecord } from '../domain/product';

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
  outbox: DomainEvent[];
}

/** Fields `replace` writes: the whole record except its identity, plus the stock marks and the cleanup flag. */
const WRITABLE_FIELDS = [
  'name',
  'description',
  'status',
  'preorder',
  'on_sale',
  'tag_list',
  'marketplace_category_id',
  'cents',
  'photo_urls',
  'shipping_group_id',
  'shipping_group_name',
  'list_in_marketplace',
  'shipping_notes',
  'position',
  'updated_at',
  'deleted',
  'deleted_at',
  'default_variant_id',
  'variants',
  'version',
  'stock_marks',
  'collections_cleanup_pending',
] as const;

/** Every query names the store (DESIGN §3); the sweeps at start-up are the one exception and say so. */
export class ProductRepository {
  static readonly collection = 'products';

  constructor(private readonly products: OutboxCollection<ProductDocument>) {}

  async insert(record: ProductRecord, events: DomainEvent[]): Promise<ProductDocument> {
    return this.products.insertWithEvents({ ...record, rev: 1, stock_marks: [], collections_cleanup_pending: false }, events);
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

  find(filter: Filter, options: FindOptions): Promise<ProductDocument[]> {
    return this.products.find(filter, options);
  }

  count(filter: Filter): Promise<number> {
    return this.products.count(filter);
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
