import { DEFAULT_CURRENCY } from '@commerce/money';
import type { Collection } from '@commerce/persistence';

/** What a service keeps of a storefront store: the zone its timestamps render in, the currency its amounts count. */
export interface StoreSettings {
  /** IANA zone ("Europe/Paris"). */
  time_zone: string;
  /** ISO 4217 ("USD"): the unit of the store's amounts (docs/money.md#currency). */
  currency: string;
  /** Whether the store's prices are entered with tax included. */
  prices_include_tax: boolean;
}

/** A service's projection of a storefront store. */
export interface StoreZoneDocument {
  [key: string]: unknown;
  store_id: number;
  time_zone: string;
  /** Absent in a row kept before stores had a currency: such a store is in USD (no event since changed it). */
  currency?: string;
  prices_include_tax?: boolean;
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

  async find(storeId: number): Promise<StoreSettings | null> {
    const found = await this.zones.findOne({ store_id: storeId });
    if (!found) return null;
    return {
      time_zone: found.time_zone,
      currency: found.currency || DEFAULT_CURRENCY,
      prices_include_tax: found.prices_include_tax ?? false,
    };
  }

  /** Keeps the newer of the stored and the given rendering. */
  async save(storeId: number, settings: StoreSettings, updatedAt: Date): Promise<void> {
    const fields = {
      time_zone: settings.time_zone,
      currency: settings.currency,
      prices_include_tax: settings.prices_include_tax,
      updated_at: updatedAt,
    };
    const updated = await this.zones.updateOne({ store_id: storeId, updated_at: { $lte: updatedAt } }, { $set: fields });
    if (updated.matched > 0) return;
    if (await this.zones.findOne({ store_id: storeId })) return; // a newer one is stored
    await this.zones.updateOne({ store_id: storeId }, { $set: fields }, { upsert: true });
  }
}
