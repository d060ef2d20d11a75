import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import { DuplicateKeyError, type Collection, type Database, type Doc } from '@commerce/persistence';
import type { CatalogProjectionWriter } from '../app/catalog-projection';
import type { CatalogProjectionReader } from '../app/site-catalogs';
import type { ProductSnapshot } from '../domain/store-catalog';

/** One projected record: the resource as catalog's latest applied event rendered it, and that event's sequence. */
interface ProjectedDocument extends Doc {
  store_id: number;
  id: number;
  /** The resource's event sequence; 0 for a variant seeded from its product's snapshot (any variant event wins). */
  sequence: number;
  /** Deleted records stay as tombstones, so a late older event cannot bring them back. */
  deleted: boolean;
}

export interface ProjectedProductDocument extends ProjectedDocument {
  product: ProductSnapshot;
}

export interface ProjectedVariantDocument extends ProjectedDocument {
  product_id: number;
  variant: VariantJson;
}

export interface ProjectedCollectionDocument extends ProjectedDocument {
  collection: CollectionJson;
}

/** Counts the changes applied to a store's projection: the site's cached catalog of the store is read again when it moves. */
export interface CatalogVersionDocument extends Doc {
  store_id: number;
  version: number;
}

export interface CatalogProjectionCollections {
  products: Collection<ProjectedProductDocument>;
  variants: Collection<ProjectedVariantDocument>;
  collections: Collection<ProjectedCollectionDocument>;
  versions: Collection<CatalogVersionDocument>;
}

/**
 * The storefront's projection of catalog (products, variants, collections as catalog's events render them), fed by
 * its event consumer and read by the buyer site. Every write keeps the newer of the stored and the given sequence,
 * so a redelivered or late event never regresses a record.
 */
export class CatalogProjectionRepository implements CatalogProjectionReader, CatalogProjectionWriter {
  /** Events applied at once share their store's version bump: one write, after their own, moves the version for all of them. */
  private readonly bumps = new CoalescedRuns<number>(async (storeId) => {
    await this.store.versions.updateOne({ store_id: storeId }, { $inc: { version: 1 } }, { upsert: true });
  });

  constructor(private readonly store: CatalogProjectionCollections) {}

  /** The repository over its four collections. */
  static open(db: Database): CatalogProjectionRepository {
    return new CatalogProjectionRepository(CatalogProjectionRepository.collectionsOf(db));
  }

  /** Its collections, which a test may wrap before handing them to the constructor. */
  static collectionsOf(db: Database): CatalogProjectionCollections {
    return {
      products: db.collection<ProjectedProductDocument>('catalog_products'),
      variants: db.collection<ProjectedVariantDocument>('catalog_variants'),
      collections: db.collection<ProjectedCollectionDocument>('catalog_collections'),
      versions: db.collection<CatalogVersionDocument>('catalog_versions'),
    };
  }

  applyProduct(storeId: number, sequence: number, product: ProductSnapshot, deleted: boolean): Promise<boolean> {
    return applyNewer(this.store.products, { store_id: storeId, id: product.id, sequence, deleted, product });
  }

  applyVariant(storeId: number, sequence: number, variant: VariantJson, deleted: boolean): Promise<boolean> {
    return applyNewer(this.store.variants, {
      store_id: storeId,
      id: variant.id,
      product_id: variant.product_id,
      sequence,
      deleted,
      variant,
    });
  }

  async seedVariants(storeId: number, variants: VariantJson[]): Promise<boolean> {
    if (variants.length === 0) return false;
    // Usually every one is stored already (its own event came first, or was applied alongside): one read, no insert.
    const stored = await this.store.variants.findFields({ store_id: storeId, id: { $in: variants.map((variant) => variant.id) } }, ['id']);
    const known = new Set(stored.map((doc) => doc.id));
    let seeded = false;
    for (const variant of variants) if (!known.has(variant.id)) seeded = (await this.seedVariant(storeId, variant)) || seeded;
    return seeded;
  }

  /** Not stored when a racing event stored the variant since the read: any stored variant is at least as new as a snapshot. */
  private seedVariant(storeId: number, variant: VariantJson): Promise<boolean> {
    return insertedNew(this.store.variants, {
      store_id: storeId,
      id: variant.id,
      product_id: variant.product_id,
      sequence: 0,
      deleted: false,
      variant,
    });
  }

  applyCollection(storeId: number, sequence: number, collection: CollectionJson, deleted: boolean): Promise<boolean> {
    return applyNewer(this.store.collections, { store_id: storeId, id: collection.id, sequence, deleted, collection });
  }

  /** Resolves once a version write that started after this call has finished; callers waiting at once share it. */
  bumpVersion(storeId: number): Promise<void> {
    return this.bumps.run(storeId);
  }

  async versionOf(storeId: number): Promise<number> {
    return (await this.store.versions.findOne({ store_id: storeId }))?.version ?? 0;
  }

  async liveRecordsOf(storeId: number): Promise<{ products: ProductSnapshot[]; variants: VariantJson[]; collections: CollectionJson[] }> {
    const live = { store_id: storeId, deleted: false };
    const [products, variants, collections] = await Promise.all([
      this.store.products.findFields(live, ['product']),
      this.store.variants.findFields(live, ['variant']),
      this.store.collections.findFields(live, ['collection']),
    ]);
    return {
      products: products.map((doc) => doc.product),
      variants: variants.map((doc) => doc.variant),
      collections: collections.map((doc) => doc.collection),
    };
  }
}

/**
 * Writes the record unless the stored one has the same or a newer sequence; answers whether it wrote. A resource's
 * first event (sequence 1) usually finds no record: it is inserted at once, one write and no read. Otherwise one
 * upsert: it updates an older record or inserts a new one, and where the stored record is as new or newer its insert
 * collides with the unique (store_id, id) index.
 */
async function applyNewer<T extends ProjectedDocument>(collection: Collection<T>, record: T): Promise<boolean> {
  if (record.sequence === 1 && (await insertedNew(collection, record))) return true;
  const { store_id, id, ...fields } = record;
  const older = { store_id, id, sequence: { $lt: record.sequence } };
  try {
    await collection.updateOne(older, { $set: fields }, { upsert: true });
    return true;
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    // Usually the stored record is as new or newer; on MongoDB a racing writer may have inserted an older one since the miss.
    return (await collection.updateOne(older, { $set: fields })).matched > 0;
  }
}

/** Inserts the record unless one of its resource is stored already (seeded, or stored by an earlier or racing event). */
async function insertedNew<T extends ProjectedDocument>(collection: Collection<T>, record: T): Promise<boolean> {
  try {
    await collection.insertOne(record);
    return true;
  } catch (error) {
    if (error instanceof DuplicateKeyError) return false;
    throw error;
  }
}

/**
 * Per key, one run at a time. A run starts at the end of the turn it was first asked in, so the callers of one turn
 * (the events of a batch, whose writes one commit just made visible) share it; callers arriving while it runs share
 * the single run queued behind it, which starts only after the running one ended, so it comes after every write its
 * callers made before asking.
 */
class CoalescedRuns<K> {
  private readonly runs = new Map<K, KeyRuns>();

  constructor(private readonly task: (key: K) => Promise<void>) {}

  run(key: K): Promise<void> {
    const runs = this.runs.get(key) ?? {};
    this.runs.set(key, runs);
    if (runs.next) return runs.next;
    // A failed run does not keep the next one from starting; its own callers got the failure.
    const previous = runs.running?.catch(() => undefined);
    runs.next = Promise.all([previous, endOfTurn()]).then(() => this.start(key, runs));
    return runs.next;
  }

  private start(key: K, runs: KeyRuns): Promise<void> {
    runs.next = undefined;
    const running = this.task(key);
    runs.running = running;
    void running
      .catch(() => undefined)
      .then(() => {
        if (runs.running === running && !runs.next) this.runs.delete(key);
      });
    return running;
  }
}

/** One key's run in progress, and the run its new callers join (not started yet). */
interface KeyRuns {
  running?: Promise<void>;
  next?: Promise<void>;
}

const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
