// Products and variants kept from before the products list's `q` and the low-stock list: catalog's migrations 2 and 3 give
// them their search text and stock rows, and drop the listing indexes without search_text (docs/catalog.md#products).
import { catalog } from '@commerce/contracts';
import { createLogger } from '@commerce/observability';
import { openDatabase, readEmbeddedIndexes, type Database } from '@commerce/persistence';
import { runMigrations } from '@commerce/service-host';
import { removeDir, tempDir } from '@commerce/testing';
import { listLowStockVariants } from '../src/app/list-low-stock-variants';
import { listProducts } from '../src/app/list-products';
import { ProductRepository, type ProductDocument } from '../src/infra/product.repository';
import { CATALOG_MIGRATIONS, givePhotosIds } from '../src/infra/migrations';
import { RETIRED_PRODUCT_LISTING_INDEXES } from '../src/infra/indexes';
import { wireCatalog } from '../src/service';

const logger = createLogger({ service: 'catalog-migrations-test', level: 'silent' });
const STORE = 3;
const AT = new Date('2026-01-01T00:00:00Z');

let dir: string;

beforeEach(async () => {
  dir = await tempDir('catalog-search-migration-');
});

afterEach(() => removeDir(dir));

/** A product as the older code stored it: no search_text. */
function anOlderProduct(id: number, name: string, deleted: boolean, variants: Array<{ id: number; sku: string; in_stock: number }>) {
  return {
    store_id: STORE,
    id,
    name,
    cents: 100,
    description: '',
    status: 'active',
    shipping_notes: '',
    tag_list: [],
    preorder: false,
    on_sale: false,
    list_in_marketplace: false,
    taxable: true,
    shipping_group_id: 0,
    shipping_group_name: '',
    position: id,
    created_at: AT,
    updated_at: AT,
    deleted,
    default_variant_id: variants[0]!.id,
    photos: [],
    variants: variants.map((variant, index) => ({
      ...variant,
      name: `V${variant.id}`,
      position: index + 1,
      full_quantity: variant.in_stock,
      sold: 0,
      override_cents: 0,
      has_override_price: false,
      created_at: AT,
      updated_at: AT,
      deleted: false,
      version: 4,
    })),
    version: 1,
    rev: 1,
    stock_marks: [],
    collections_cleanup_pending: false,
    outbox: [],
  } as unknown as ProductDocument;
}

async function withDatabase<R>(work: (db: Database) => Promise<R>): Promise<R> {
  const db = await openDatabase({ engine: 'embedded', dir });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

const noRemote = () => Promise.reject(new Error('not asked in this test'));

it('gives older products their search text and variants their stock rows, and drops the retired listing indexes', async () => {
  await withDatabase(async (db) => {
    const products = db.collection<ProductDocument>(ProductRepository.collection);
    await products.createIndex({ store_id: 1, id: 1 }, { unique: true, name: 'products_store_id' });
    await products.createIndex({ store_id: 1, deleted: 1, id: 1 }, { name: 'products_live_by_id' });
    await products.createIndex({ store_id: 1, deleted: 1, status: 1, id: 1 }, { name: 'products_live_by_status' });
    await products.createIndex({ store_id: 1, deleted: 1, shipping_group_id: 1, id: 1 }, { name: 'products_live_by_group' });
    await runMigrations(db, { service: [givePhotosIds] }, logger);
    await products.insertMany([
      anOlderProduct(1, 'Green Tea', false, [{ id: 11, sku: 'GT-1', in_stock: 2 }]),
      anOlderProduct(2, 'Mug', false, [
        { id: 21, sku: '', in_stock: 9 },
        { id: 22, sku: 'MUG-TEA', in_stock: 0 },
      ]),
      anOlderProduct(3, 'Old Tea', true, [{ id: 31, sku: '', in_stock: 1 }]),
    ]);
  });

  const { found, low } = await withDatabase(async (db) => {
    const deps = await wireCatalog({
      db,
      storefront: { storeContext: noRemote },
      shipping: { group: noRemote, defaultGroup: noRemote },
      logger,
      groupRetirementHoldMs: 60_000,
    });
    await runMigrations(db, { service: CATALOG_MIGRATIONS }, logger);
    const search = catalog.ListProductsRequest.fromPartial({ store_id: STORE, q: 'TEA' });
    return {
      found: (await listProducts(deps, STORE, search)).products.map(({ product }) => product.id),
      low: (await listLowStockVariants(deps, STORE, catalog.ListLowStockVariantsRequest.fromPartial({ in_stock_max: 5 }))).variants.map(
        ({ variant }) => [variant.id, variant.in_stock],
      ),
    };
  });

  expect(found).toEqual([1, 2]);
  expect(low).toEqual([
    [22, 0],
    [11, 2],
  ]);
  const indexes = readEmbeddedIndexes(dir, 'products').recorded;
  for (const retired of RETIRED_PRODUCT_LISTING_INDEXES) expect(indexes).not.toContain(retired);
  expect(indexes).toEqual(expect.arrayContaining(['products_live_text', 'products_live_by_status_text', 'products_live_by_group_text']));
});
