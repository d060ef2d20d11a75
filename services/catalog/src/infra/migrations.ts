import type { Database } from '@commerce/persistence';
import type { Migration } from '@commerce/service-host';
import type { PhotoRecord } from '../domain/photos';
import { liveVariants } from '../domain/product';
import { searchTextOf } from '../domain/product-search';
import { RETIRED_PRODUCT_LISTING_INDEXES } from './indexes';
import { ProductRepository, type ProductDocument } from './product.repository';
import { VariantStockRepository, type VariantStockDocument } from './variant-stock.repository';

const BATCH = 200;

/**
 * Photos were URLs (`photo_urls`); they are records with ids now (docs/catalog.md#photos). Each product kept from before
 * gets its photos, each with an id of the photos counter and no image (it shows its URL, as it did), in one update that
 * also drops the old field, so a run a crash interrupted goes on with the products still holding it.
 */
export const givePhotosIds: Migration = {
  id: 1,
  name: 'make products photo URLs photos with ids',
  async run(db) {
    const products = db.collection<ProductDocument>(ProductRepository.collection);
    for (;;) {
      const batch = await products.findFields({ photo_urls: { $exists: true } }, ['store_id', 'id', 'rev', 'photo_urls'], { limit: BATCH });
      if (batch.length === 0) return;
      for (const product of batch) {
        const urls = (product.photo_urls as string[] | undefined) ?? [];
        const photos: PhotoRecord[] = [];
        for (const url of urls) photos.push({ id: await db.nextId('photos'), url, image_id: 0, media_key: '', width: 0, height: 0 });
        await products.updateOne(
          { store_id: product.store_id, id: product.id },
          { $set: { photos }, $unset: { photo_urls: '' }, $inc: { rev: 1 } },
        );
      }
    }
  },
};

/**
 * Every product, across stores (a one-time sweep), a batch at a time in (store, id) order; the products_store_id index
 * serves the order, and nothing else writes while migrations run, so skipping the ones done is exact.
 */
async function eachProductBatch<K extends keyof ProductDocument & string>(
  db: Database,
  fields: readonly K[],
  visit: (batch: Array<Pick<ProductDocument, K>>) => Promise<void>,
): Promise<void> {
  const products = db.collection<ProductDocument>(ProductRepository.collection);
  for (let skip = 0; ; skip += BATCH) {
    const batch = await products.findFields({}, fields, { sort: { store_id: 1, id: 1 }, skip, limit: BATCH });
    if (batch.length > 0) await visit(batch);
    if (batch.length < BATCH) return;
  }
}

/**
 * The products list's `q` searches a product's `search_text` (docs/catalog.md#products): the products kept from before
 * get theirs, and the listing indexes without it, which the ones ending with it replace, are dropped (each index costs
 * every product write). Safe to run again: the text is derived, and dropping an index that is gone is a no-op.
 */
export const giveProductsSearchText: Migration = {
  id: 2,
  name: 'give products their search text and drop the listing indexes without it',
  async run(db) {
    const products = db.collection<ProductDocument>(ProductRepository.collection);
    await eachProductBatch(db, ['store_id', 'id', 'name', 'variants'], async (batch) => {
      for (const product of batch)
        await products.updateOne({ store_id: product.store_id, id: product.id }, { $set: { search_text: searchTextOf(product) } });
    });
    for (const name of RETIRED_PRODUCT_LISTING_INDEXES) await products.dropIndex(name);
  },
};

/**
 * The low-stock list reads one row per variant (infra/variant-stock.repository.ts), which catalog's variant events keep
 * from now on: the variants kept from before get theirs, at their current version, so replayed older events change
 * nothing. Safe to run again (a row at that version is kept as it is).
 */
export const giveVariantsStockRows: Migration = {
  id: 3,
  name: 'give every live variant its low-stock row',
  async run(db) {
    const rows = new VariantStockRepository(db.collection<VariantStockDocument>(VariantStockRepository.collection));
    await eachProductBatch(db, ['store_id', 'id', 'deleted', 'variants'], async (batch) => {
      for (const product of batch) {
        if (product.deleted) continue;
        for (const variant of liveVariants(product))
          await rows.apply(product.store_id, { id: variant.id, product_id: product.id, in_stock: variant.in_stock }, variant.version);
      }
    });
  },
};

/** The service's migrations, in the order they were added; never renumber one that shipped. */
export const CATALOG_MIGRATIONS: readonly Migration[] = [givePhotosIds, giveProductsSearchText, giveVariantsStockRows];
