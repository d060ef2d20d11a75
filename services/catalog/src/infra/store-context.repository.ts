import type { catalog } from '@commerce/contracts';
import { DEFAULT_CURRENCY } from '@commerce/money';
import type { Collection } from '@commerce/persistence';

/** Catalog's projection of a storefront store: what rendering catalog records needs. */
export interface StoreContextDocument {
  [key: string]: unknown;
  store_id: number;
  time_zone: string;
  subdomain: string;
  url: string;
  /** ISO 4217; absent in a row kept before stores had a currency, which reads USD (docs/money.md#currency). */
  currency?: string;
  /** The store record's updated_at: an older rendering (a late event) never replaces a newer one. */
  updated_at: Date;
}

export class StoreContextRepository {
  static readonly collection = 'store_contexts';

  constructor(private readonly contexts: Collection<StoreContextDocument>) {}

  async find(storeId: number): Promise<catalog.StoreContext | null> {
    const found = await this.contexts.findOne({ store_id: storeId });
    if (!found) return null;
    return { time_zone: found.time_zone, subdomain: found.subdomain, url: found.url, currency: found.currency || DEFAULT_CURRENCY };
  }

  /** Keeps the newer of the stored and the given rendering. */
  async save(storeId: number, context: catalog.StoreContext, updatedAt: Date): Promise<void> {
    const { time_zone, subdomain, url, currency } = context;
    const fields = { time_zone, subdomain, url, currency, updated_at: updatedAt };
    const updated = await this.contexts.updateOne({ store_id: storeId, updated_at: { $lte: updatedAt } }, { $set: fields });
    if (updated.matched > 0) return;
    if (await this.contexts.findOne({ store_id: storeId })) return; // a newer one is stored
    await this.contexts.updateOne({ store_id: storeId }, { $set: fields }, { upsert: true });
  }
}
