import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import { KeptStoreCatalog, type CatalogChanges } from '../domain/kept-store-catalog';
import type { ProductSnapshot, StoreCatalog } from '../domain/store-catalog';
import type { SiteCatalogSource } from './storefront-deps';

/** The catalog projection as the site reads it (infra/catalog-projection.repository.ts). */
export interface CatalogProjectionReader {
  /** Grows with every change the projection applies to the store (0 for a store it has never seen). */
  versionOf(storeId: number): Promise<number>;
  /**
   * The store's live (not deleted) products, variants and collections, each record as it was at some time after the
   * call; read in pages, so a big store's read leaves turns of the event loop to other calls.
   */
  liveRecordsOf(storeId: number): Promise<{ products: ProductSnapshot[]; variants: VariantJson[]; collections: CollectionJson[] }>;
  /**
   * The store's records (tombstones too) written since the projection was at `version`, and perhaps a few more: applied
   * to a catalog read at `version`, they bring it up to any version read before this call.
   */
  changesSince(storeId: number, version: number): Promise<CatalogChanges>;
}

/** A store's kept catalog and the projection's version it has every change of. */
interface Kept {
  version: number;
  catalog: KeptStoreCatalog;
}

/** A store's update to at least `version`; a queued one's `version` rises with the callers that join it. */
interface Update {
  version: number;
  done: Promise<Kept>;
}

/** The store's update in progress, and the one queued behind it that new callers join (not started yet). */
interface StoreUpdates {
  running?: Update;
  next?: Update;
}

/**
 * Each store's catalog as the site shows it, kept in memory and brought up to date when the projection's version for
 * the store moved (docs/buyer-site.md#where-the-data-comes-from-and-caching): one small read per page, and after a
 * change only the records written since the kept version are read and applied in place, so a stock move in a store of
 * 100,000 products costs milliseconds, not a read of the whole catalog. The whole catalog is read on a store's first
 * page only (or by the warm-up at start: app/warm-site-catalogs.ts), in pages that let other stores' pages through. A
 * change applied by any replica's consumer shows on the next page of every replica.
 *
 * One update of a store runs at a time, so an older read is never applied over a newer one; readers asking meanwhile
 * share the running update if it reaches their version, or else the one queued behind it.
 */
export class SiteCatalogs implements SiteCatalogSource {
  private readonly kept = new Map<number, Kept>();
  private readonly updates = new Map<number, StoreUpdates>();

  constructor(
    private readonly projection: CatalogProjectionReader,
    private readonly maxStores = 500,
  ) {}

  async catalogOf(storeId: number): Promise<{ version: number; catalog: StoreCatalog }> {
    const version = await this.projection.versionOf(storeId);
    const kept = this.kept.get(storeId);
    const current = kept && kept.version >= version ? kept : await this.updated(storeId, version);
    return { version: current.version, catalog: current.catalog.catalog };
  }

  private updated(storeId: number, version: number): Promise<Kept> {
    const updates = this.updates.get(storeId) ?? {};
    this.updates.set(storeId, updates);
    if (updates.running && updates.running.version >= version) return updates.running.done;
    if (updates.next) {
      // Every joiner read its version before the queued update reads any record: it may bring the catalog to the newest.
      updates.next.version = Math.max(updates.next.version, version);
      return updates.next.done;
    }
    const previous = updates.running?.done.catch(() => undefined);
    const next = { version } as Update;
    next.done = Promise.resolve(previous).then(() => this.start(storeId, updates, next));
    updates.next = next;
    return next.done;
  }

  private start(storeId: number, updates: StoreUpdates, update: Update): Promise<Kept> {
    updates.next = undefined;
    updates.running = update;
    const done = this.update(storeId, update.version);
    void done
      .catch(() => undefined)
      .then(() => {
        if (updates.running === update) updates.running = undefined;
        if (!updates.running && !updates.next && this.updates.get(storeId) === updates) this.updates.delete(storeId);
      });
    return done;
  }

  /** The version was read before the records: a change landing in between is newer than it, so the next page reads again. */
  private async update(storeId: number, version: number): Promise<Kept> {
    const kept = this.kept.get(storeId);
    if (kept && kept.version >= version) return kept;
    const current = kept ? await this.changed(storeId, kept, version) : await this.loaded(storeId, version);
    this.kept.delete(storeId);
    this.kept.set(storeId, current);
    if (this.kept.size > this.maxStores) this.kept.delete(this.kept.keys().next().value!);
    return current;
  }

  /**
   * The store's whole catalog: its first read, or after its kept one was dropped. The reader pages it a turn of the
   * event loop apart, so other stores' pages are answered meanwhile; every page is read after `version` was, so a
   * record changed during the read is newer than `version` and the next update reads it.
   */
  private async loaded(storeId: number, version: number): Promise<Kept> {
    const { products, variants, collections } = await this.projection.liveRecordsOf(storeId);
    return { version, catalog: new KeptStoreCatalog(products, variants, collections) };
  }

  /**
   * The kept catalog with the records written since its version applied. A failed read leaves it as it was (the next
   * page asks again); a failed apply may leave it half changed, so it is dropped and the next page reads it whole.
   */
  private async changed(storeId: number, kept: Kept, version: number): Promise<Kept> {
    const changes = await this.projection.changesSince(storeId, kept.version);
    try {
      kept.catalog.apply(changes);
    } catch (error) {
      if (this.kept.get(storeId) === kept) this.kept.delete(storeId);
      throw error;
    }
    return { version, catalog: kept.catalog };
  }
}
