// A unit test of the listing use case over the real repositories and the memory engine, with every read
// counted: a product page must cost the same number of queries whatever its size (never one query per
// product). The other contexts are not involved: their stand-ins fail the test if they are asked at all.
import { catalog } from '@commerce/contracts';
import { openDatabase, type Collection, type Database, type Doc } from '@commerce/persistence';
import { createLogger } from '@commerce/observability';
import type { CatalogDeps } from '../src/app/catalog-deps';
import { createCollection } from '../src/app/create-collection';
import { createProduct } from '../src/app/create-product';
import { createVariant } from '../src/app/create-variant';
import { listProducts } from '../src/app/list-products';
import { wireCatalog } from '../src/service';

const READS = new Set(['find', 'findFields', 'findOne', 'count']);

let db: Database;
let deps: CatalogDeps;
let reads = 0;

/** The same database, counting every read any collection makes. */
function counting(database: Database): Database {
  return new Proxy(database, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return <T extends Doc>(name: string): Collection<T> =>
        new Proxy(target.collection<T>(name), {
          get(collection, method, inner) {
            const value = Reflect.get(collection, method, inner);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              if (READS.has(String(method))) reads++;
              return (value as (...a: unknown[]) => unknown).apply(collection, args);
            };
          },
        });
    },
  });
}

const unexpected = (what: string) => () =>
  Promise.reject(new Error(`${what} should not be asked: the projections know the store and its group`));

beforeAll(async () => {
  db = await openDatabase({ engine: 'memory' });
  deps = await wireCatalog({
    db: counting(db),
    storefront: { storeContext: unexpected('storefront') },
    shipping: { group: unexpected('shipping'), defaultGroup: unexpected('shipping') },
    logger: createLogger({ service: 'catalog-test', level: 'silent' }),
    groupRetirementHoldMs: 60_000,
  });
});

afterAll(async () => {
  await db?.close();
});

/** A store with `count` products of three variants each, all in two collections. */
async function storeWithProducts(storeId: number, count: number): Promise<void> {
  await deps.storeContexts.apply(storeId, {
    time_zone: 'UTC',
    subdomain: `s${storeId}`,
    url: `https://s${storeId}.example`,
    updated_at: '2026-01-01T00:00:00Z',
  });
  await deps.shippingGroupProjection.apply({ store_id: storeId, id: 1, name: 'Standard', deleted: false, sequence: 1 });
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const { product } = await createProduct(
      deps,
      storeId,
      catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: `P${n}`, cents: 100 }),
    );
    for (const name of ['M', 'L'])
      await createVariant(deps, storeId, catalog.CreateVariantRequest.fromPartial({ store_id: storeId, product_id: product.id, name }));
    ids.push(product.id);
  }
  for (const name of ['A', 'B'])
    await createCollection(deps, storeId, catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name, product_ids: ids }));
}

async function readsOfOnePage(storeId: number, limit?: number): Promise<{ reads: number; products: number }> {
  reads = 0;
  const page = await listProducts(deps, storeId, catalog.ListProductsRequest.fromPartial({ store_id: storeId, limit }));
  return { reads, products: page.products.length };
}

it('lists a page of 20 products with as many queries as a page of 2', async () => {
  await storeWithProducts(1, 3);
  await storeWithProducts(2, 25);

  // Neither page holds the store's highest id, which then takes a read of its own.
  const small = await readsOfOnePage(1, 2);
  const full = await readsOfOnePage(2);

  expect(small.products).toBe(2);
  expect(full.products).toBe(20);
  expect(full.reads).toBe(small.reads);
  expect(full.reads).toBeLessThanOrEqual(4);
});

it('reads no highest id of its own when the page holds it: the last page, or the first one newest first', async () => {
  await storeWithProducts(3, 25);
  reads = 0;
  const last = await listProducts(deps, 3, catalog.ListProductsRequest.fromPartial({ store_id: 3, page: 2 }));
  const lastReads = reads;
  reads = 0;
  const newest = await listProducts(deps, 3, catalog.ListProductsRequest.fromPartial({ store_id: 3, descending: true, limit: 5 }));

  expect(last.products).toHaveLength(5);
  expect(last.currentMaxId).toBe(last.products.at(-1)!.product.id);
  expect(newest.currentMaxId).toBe(newest.products[0]!.product.id);
  expect(newest.currentMaxId).toBe(last.currentMaxId);
  expect(lastReads).toBe(3);
  expect(reads).toBe(3);
});
