import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { collectionRecordFields, type CollectionRecord } from '../domain/collection';

/** A collection document: the record, its write counter, the products still owed a product/updated, its pending events. */
export interface CollectionDocument extends CollectionRecord {
  [key: string]: unknown;
  rev: number;
  /**
   * Products whose membership this collection changed and whose product/updated is not written yet;
   * set in the same write as the membership, emptied product by product (a crash sweep finishes it).
   */
  pending_product_touches: number[];
  outbox: DomainEvent[];
}

/** The record's own fields (collectionFields) and what catalog keeps beside them. */
const WRITABLE_FIELDS = [...collectionRecordFields.keys, 'updated_at', 'deleted', 'deleted_at', 'version'] as const;

export class CollectionRepository {
  static readonly collection = 'collections';

  constructor(private readonly collections: OutboxCollection<CollectionDocument>) {}

  insert(record: CollectionRecord, touches: number[], event: DomainEvent): Promise<CollectionDocument> {
    return this.collections.insertWithEvents({ ...record, rev: 1, pending_product_touches: touches }, [event]);
  }

  findLive(storeId: number, collectionId: number): Promise<CollectionDocument | null> {
    return this.collections.findOne({ store_id: storeId, deleted: false, id: collectionId });
  }

  page(storeId: number, skip: number, limit: number): Promise<CollectionDocument[]> {
    return this.collections.find({ store_id: storeId, deleted: false }, { sort: { id: 1 }, skip, limit });
  }

  count(storeId: number): Promise<number> {
    return this.collections.count({ store_id: storeId, deleted: false });
  }

  /** The live collections holding any of the products (an array field matches when any element does). */
  holding(storeId: number, productIds: number[]): Promise<CollectionDocument[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.collections.find({ store_id: storeId, deleted: false, product_ids: { $in: productIds } }, { sort: { id: 1 } });
  }

  /** Optimistic write of the record's fields plus new owed touches (merged with those still owed), with the events. */
  replace(
    current: CollectionDocument,
    next: CollectionRecord,
    touches: number[],
    events: DomainEvent[],
  ): Promise<CollectionDocument | null> {
    const $set: Record<string, unknown> = {};
    for (const field of WRITABLE_FIELDS) if (next[field] !== undefined) $set[field] = next[field];
    $set.pending_product_touches = [...new Set([...current.pending_product_touches, ...touches])];
    return this.collections.findOneAndUpdateWithEvents(
      { store_id: current.store_id, id: current.id, rev: current.rev },
      { $set, $inc: { rev: 1 } },
      events,
    );
  }

  async touchDone(storeId: number, collectionId: number, productId: number): Promise<void> {
    await this.collections.updateOne(
      { store_id: storeId, id: collectionId },
      { $pull: { pending_product_touches: productId }, $inc: { rev: 1 } },
    );
  }

  /** Start-up sweep across stores: collections still owing product/updated events. */
  withPendingTouches(limit: number): Promise<CollectionDocument[]> {
    return this.collections.find({ 'pending_product_touches.0': { $exists: true } }, { sort: { id: 1 }, limit });
  }
}
