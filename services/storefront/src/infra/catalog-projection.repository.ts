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
  constructor(private readonly store: CatalogProjectionCollections) {}

  static collectionsOf(db: Database): CatalogProjectionCollections {
    return {
      products: db.collection<ProjectedProductDocument>('catalog_products'),
      variants: db.collection<ProjectedVariantDocument>('catalog_variants'),
      collections: db.collection<ProjectedCollectionDocument>('catalog_collections'),
      versions: db.collection<CatalogVersionDocument>('catalog_versions'),
    };
  }

  /** One row per record and per store version; call at every start. */
  static async ensureIndexes({ products, variants, collections, versions }: CatalogProjectionCollections): Promise<void> {
    await products.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'catalog_products_store_id' });
    await variants.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'catalog_variants_store_id' });
    await collections.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'catalog_collections_store_id' });
    await versions.createIndex({ store_id: 1 }, { unique: true, name: 'catalog_versions_store' });
  }

  applyProduct(storeId: number, sequence: number, product: ProductSnapshot, deleted: boolean): Promise<boolean> {
    return applyNewer(this.store.products, { store_id: storeId, id: product.id, sequence, deleted, product });
  }

  applyVariant(storeId: number, sequence: number, variant: VariantJson, deleted: boolean): Promise<boolean> {
    return applyNewer(this.store.variants, { store_id: storeId, id: variant.id, product_id: variant.product_id, sequence, deleted, variant });
  }

  async seedVariant(storeId: number, variant: VariantJson): Promise<boolean> {
    if (await this.store.variants.findOne({ store_id: storeId, id: variant.id })) return false;
    return applyNewer(this.store.variants, { store_id: storeId, id: variant.id, product_id: variant.product_id, sequence: 0, deleted: false, variant });
  }

  applyCollection(storeId: number, sequence: number, collection: CollectionJson, deleted: boolean): Promise<boolean> {
    return applyNewer(this.store.collections, { store_id: storeId, id: collection.id, sequence, deleted, collection });
  }

  async bumpVersion(storeId: number): Promise<void> {
    await this.store.versions.updateOne({ store_id: storeId }, { $inc: { version: 1 } }, { upsert: true });
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
    return { products: products.map((doc) => doc.product), variants: variants.map((doc) => doc.variant), collections: collections.map((doc) => doc.collection) };
  }
}

/** Writes the record unless the stored one has the same or a newer sequence; answers whether it wrote. */
async function applyNewer<T extends ProjectedDocument>(collection: Collection<T>, record: T): Promise<boolean> {
  const { store_id, id, ...fields } = record;
  const updated = await collection.updateOne({ store_id, id, sequence: { $lt: record.sequence } }, { $set: fields });
  if (updated.matched > 0) return true;
  if (await collection.findOne({ store_id, id })) return false;
  try {
    await collection.insertOne(record);
    return true;
  } catch (error) {
    // Another writer inserted it first: apply over theirs if ours is newer.
    if (error instanceof DuplicateKeyError) return applyNewer(collection, record);
    throw error;
  }
}
