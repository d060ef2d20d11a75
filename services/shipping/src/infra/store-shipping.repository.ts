import type { DomainEvent, OutboxCollection } from '@commerce/events';
import { DuplicateKeyError } from '@commerce/persistence';
import type { StoreShipping } from '../domain/store-shipping';

/**
 * One document per store holding its whole shipping configuration (groups, classes, rates), its
 * version (optimistic concurrency across processes) and the events not yet relayed. A change to any
 * part is one atomic single-document write together with every event it causes (docs/events.md#how-an-event-leaves-a-service), which a
 * group, a class and a rate stored apart could not give without transactions.
 */
export interface StoreShippingDocument extends StoreShipping {
  [key: string]: unknown;
  store_id: number;
  version: number;
  outbox: DomainEvent[];
}

export class StoreShippingRepository {
  static readonly collection = 'store_shipping';

  constructor(private readonly documents: OutboxCollection<StoreShippingDocument>) {}

  /** The store's configuration with its version; a store that never configured shipping has version 0. */
  async load(storeId: number): Promise<{ shipping: StoreShipping; version: number }> {
    const document = await this.documents.findOne({ store_id: storeId });
    if (!document) return { shipping: { groups: [], classes: [], rates: [] }, version: 0 };
    return { shipping: { groups: document.groups, classes: document.classes, rates: document.rates }, version: document.version };
  }

  /**
   * Writes the new configuration and appends its events, only if nobody wrote since `expectedVersion`
   * was read. Answers false when someone did (the caller re-reads and re-applies).
   */
  async saveIfVersion(storeId: number, expectedVersion: number, shipping: StoreShipping, events: DomainEvent[]): Promise<boolean> {
    const state = { groups: shipping.groups, classes: shipping.classes, rates: shipping.rates };
    if (expectedVersion === 0) return this.insertFirst(storeId, state, events);
    const written = await this.documents.findOneAndUpdateWithEvents(
      { store_id: storeId, version: expectedVersion },
      { $set: state, $inc: { version: 1 } },
      events,
      { returnDocument: 'after' },
    );
    return written !== null;
  }

  private async insertFirst(storeId: number, state: StoreShipping, events: DomainEvent[]): Promise<boolean> {
    try {
      await this.documents.insertWithEvents({ store_id: storeId, version: 1, ...state }, events);
      return true;
    } catch (error) {
      // Another writer created the store's document first: re-read and re-apply on top of it.
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }
}
