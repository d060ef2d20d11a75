import type { Collection, Database } from '@commerce/persistence';

/** Catalog's projection of shipping's groups: names for rendering and the store's default group. */
export interface ShippingGroupDocument {
  [key: string]: unknown;
  store_id: number;
  id: number;
  name: string;
  deleted: boolean;
  /** Event sequence of the group; 0 when read from shipping's GetShippingGroup (any event then wins). */
  sequence: number;
}

export class ShippingGroupRepository {
  constructor(private readonly groups: Collection<ShippingGroupDocument>) {}

  static collectionOf(db: Database): Collection<ShippingGroupDocument> {
    return db.collection<ShippingGroupDocument>('shipping_groups');
  }

  findLive(storeId: number, groupId: number): Promise<ShippingGroupDocument | null> {
    return this.groups.findOne({ store_id: storeId, deleted: false, id: groupId });
  }

  /** The store's first live group (lowest id): where a product created without one goes. */
  async firstLive(storeId: number): Promise<ShippingGroupDocument | null> {
    const [first] = await this.groups.find({ store_id: storeId, deleted: false }, { sort: { id: 1 }, limit: 1 });
    return first ?? null;
  }

  /** Applies a group's state if it is newer than what is stored; answers whether it was. */
  async apply(group: Omit<ShippingGroupDocument, 'store_id' | 'id'> & { store_id: number; id: number }): Promise<boolean> {
    const { store_id, id, ...fields } = group;
    const updated = await this.groups.updateOne({ store_id, id, sequence: { $lt: group.sequence } }, { $set: fields });
    if (updated.matched > 0) return true;
    if (await this.groups.findOne({ store_id, id })) return false;
    await this.groups.updateOne({ store_id, id }, { $set: fields }, { upsert: true });
    return true;
  }
}
