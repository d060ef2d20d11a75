import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import { buildStoreCatalog, type ProductSnapshot, type StoreCatalog } from '../domain/store-catalog';
import type { SiteCatalogSource } from './storefront-deps';

/** The catalog projection as the site reads it (infra/catalog-projection.repository.ts). */
export interface CatalogProjectionReader {
  /** Grows with every change the projection applies to the store (0 for a store it has never seen). */
  versionOf(storeId: number): Promise<number>;
  /** The store's live (not deleted) products, variants and collections. */
  liveRecordsOf(storeId: number): Promise<{ products: ProductSnapshot[]; variants: VariantJson[]; collections: CollectionJson[] }>;
}

interface Cached {
  version: number;
  catalog: StoreCatalog;
}

/**
 * Each store's catalog as the site shows it, kept in memory and read again when the projection's version for the
 * store moved: one small read per page instead of the store's whole catalog, and a change applied by any replica's
 * consumer shows on the next page of every replica. Loads of one store share one read.
 */
export class SiteCatalogs implements SiteCatalogSource {
  private readonly cached = new Map<number, Cached>();
  private readonly loading = new Map<number, { version: number; load: Promise<Cached> }>();

  constructor(
    private readonly projection: CatalogProjectionReader,
    private readonly maxStores = 500,
  ) {}

  async catalogOf(storeId: number): Promise<Cached> {
    const version = await this.projection.versionOf(storeId);
    const cached = this.cached.get(storeId);
    if (cached && cached.version === version) return cached;
    return this.load(storeId, version);
  }

  private load(storeId: number, version: number): Promise<Cached> {
    const pending = this.loading.get(storeId);
    if (pending && pending.version === version) return pending.load;
    const load = (async () => {
      // The version was read before the records: a change landing in between is newer than `version`, so the next page reads again.
      const { products, variants, collections } = await this.projection.liveRecordsOf(storeId);
      const entry = { version, catalog: buildStoreCatalog(products, variants, collections) };
      this.cached.delete(storeId);
      this.cached.set(storeId, entry);
      if (this.cached.size > this.maxStores) this.cached.delete(this.cached.keys().next().value!);
      return entry;
    })().finally(() => {
      if (this.loading.get(storeId)?.load === load) this.loading.delete(storeId);
    });
    this.loading.set(storeId, { version, load });
    return load;
  }
}
