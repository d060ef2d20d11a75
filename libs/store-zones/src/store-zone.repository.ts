import type { Collection } from '@commerce/persistence';

/** A service's projection of a storefront store: the zone its timestamps render in. */
export interface StoreZoneDocument {
  [key: string]: unknown;
  store_id: number;
  time_zone: string;
  /** The store record's updated_at: an older rendering (a late event) never replaces a newer one. */
  updated_at: Date;
}

export class StoreZoneRepository {
  static readonly collection = 'store_zones';

  constructor(private readonly zones: Collection<StoreZoneDocument>) {}

  /** The one index the projection needs (one row per store); call at every start. */
  static async ensureIndexes(zones: Collection<StoreZoneDocument>): Promise<void> {
    await zones.createIndex({ store_id: 1 }, { unique: true, name: 'store_zones_store' });
  }

  async find(storeId: number): Promise<string | null> {
    const found = await this.zones.findOne({ store_id: storeId });
    return found ? found.time_zone : null;
  }

  /** Keeps the newer of the stored and the given rendering. */
  async save(storeId: number, timeZone: string, updatedAt: Date): Promise<void> {
    const fields = { time_zone: timeZone, updated_at: updatedAt };
    const updated = await this.zones.updateOne({ store_id: storeId, updated_at: { $lte: updatedAt } }, { $set: fields });
    if (updated.matched > 0) return;
    if (await this.zones.findOne({ store_id: storeId })) return; // a newer one is stored
    await this.zones.updateOne({ store_id: storeId }, { $set: fields }, { upsert: true });
  }
}
