import { DuplicateKeyError, type Collection, type Filter } from '@commerce/persistence';

/** A product write naming the group, under way: registered before the product is written, removed after. */
export interface GroupClaim {
  token: string;
  product_id: number;
  at: Date;
}

/** The group is being deleted by shipping: product writes may not name it. */
export interface GroupRetirement {
  token: string;
  at: Date;
}

/**
 * Catalog's projection of shipping's groups: names for rendering and the store's default group (fed by
 * shipping's events), and the group's lock against deletion (claims, retirement, lock_rev), which the
 * events never touch. A placeholder (sequence -1, no name) is what a retirement writes for a group the
 * projection had not seen: any event or shipping's answer replaces its name.
 */
export interface ShippingGroupDocument {
  [key: string]: unknown;
  store_id: number;
  id: number;
  name: string;
  deleted: boolean;
  /** Event sequence of the group; 0 when read from shipping's GetShippingGroup (any event then wins); -1 for a placeholder. */
  sequence: number;
  claims?: GroupClaim[];
  retirement?: GroupRetirement;
  /** Bumped by every claim and retirement change: a retirement is written only if no claim came since it was decided. */
  lock_rev?: number;
}

export class ShippingGroupRepository {
  static readonly collection = 'shipping_groups';

  constructor(private readonly groups: Collection<ShippingGroupDocument>) {}

  /** The group as the projection holds it, whatever its state. */
  find(storeId: number, groupId: number): Promise<ShippingGroupDocument | null> {
    return this.groups.findOne({ store_id: storeId, id: groupId });
  }

  findLive(storeId: number, groupId: number): Promise<ShippingGroupDocument | null> {
    return this.groups.findOne({ store_id: storeId, deleted: false, id: groupId });
  }

  /** The store's first group a new product may take (lowest id, named, not being deleted): where a product created without one goes. */
  async firstLive(storeId: number): Promise<ShippingGroupDocument | null> {
    const [first] = await this.groups.find(
      { store_id: storeId, deleted: false, sequence: { $gte: 0 }, retirement: { $exists: false } },
      { sort: { id: 1 }, limit: 1 },
    );
    return first ?? null;
  }

  /** Applies a group's state if it is newer than what is stored; answers whether it was. */
  async apply(group: Pick<ShippingGroupDocument, 'store_id' | 'id' | 'name' | 'deleted' | 'sequence'>): Promise<boolean> {
    const { store_id, id, ...fields } = group;
    const updated = await this.groups.updateOne({ store_id, id, sequence: { $lt: group.sequence } }, { $set: fields });
    if (updated.matched > 0) return true;
    if (await this.groups.findOne({ store_id, id })) return false;
    try {
      await this.groups.updateOne({ store_id, id }, { $set: fields }, { upsert: true });
      return true;
    } catch (error) {
      // Another writer inserted it first (concurrent upserts of one key on MongoDB): apply over theirs if ours is newer.
      if (error instanceof DuplicateKeyError) return this.apply(group);
      throw error;
    }
  }

  /** Registers a product write naming the group, unless it is deleted or being deleted; answers whether it did. */
  async claim(storeId: number, groupId: number, claim: GroupClaim): Promise<boolean> {
    const updated = await this.groups.updateOne(
      { store_id: storeId, id: groupId, deleted: false, retirement: { $exists: false } },
      { $push: { claims: claim }, $inc: { lock_rev: 1 } },
    );
    return updated.matched > 0;
  }

  async release(storeId: number, groupId: number, token: string): Promise<void> {
    await this.groups.updateOne({ store_id: storeId, id: groupId }, { $pull: { claims: { token } } });
  }

  /**
   * Retires the group if nothing claimed it since `seen` was read (its lock_rev), dropping the claims left
   * (the caller judged them abandoned); a group the projection does not hold gets a retired placeholder.
   * Answers false when another write came first: read again and decide again.
   */
  async retire(storeId: number, groupId: number, seen: ShippingGroupDocument | null, retirement: GroupRetirement): Promise<boolean> {
    if (!seen) {
      try {
        await this.groups.insertOne({
          store_id: storeId,
          id: groupId,
          name: '',
          deleted: false,
          sequence: -1,
          claims: [],
          retirement,
          lock_rev: 1,
        });
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    }
    const unchanged: Filter = { store_id: storeId, id: groupId, deleted: false, retirement: { $exists: false } };
    unchanged.lock_rev = seen.lock_rev === undefined ? { $exists: false } : seen.lock_rev;
    const updated = await this.groups.updateOne(unchanged, { $set: { retirement, claims: [] }, $inc: { lock_rev: 1 } });
    return updated.matched > 0;
  }

  /** Ends the retirement of `token`; answers whether the group was retired under it. */
  async restore(storeId: number, groupId: number, token: string): Promise<boolean> {
    const updated = await this.groups.updateOne(
      { store_id: storeId, id: groupId, 'retirement.token': token },
      { $unset: { retirement: '' }, $inc: { lock_rev: 1 } },
    );
    return updated.matched > 0;
  }

  /** Shipping no longer has the group: nothing may name it, whenever its deleted event arrives. */
  async markDeleted(storeId: number, groupId: number): Promise<void> {
    await this.groups.updateOne({ store_id: storeId, id: groupId }, { $set: { deleted: true } });
  }

  /** Sweep across stores: retirements of groups still live here, older than `before`. */
  staleRetirements(before: Date, limit: number): Promise<ShippingGroupDocument[]> {
    return this.groups.find({ deleted: false, 'retirement.at': { $lt: before } }, { sort: { 'retirement.at': 1 }, limit });
  }
}
