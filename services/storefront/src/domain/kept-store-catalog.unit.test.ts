import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import fc from 'fast-check';
import { KeptStoreCatalog, type CatalogChanges } from './kept-store-catalog';
import { siteProduct, siteVariant } from './site-records.fixture';
import { buildStoreCatalog, type ProductSnapshot, type StoreCatalog } from './store-catalog';

const variant = siteVariant;
const product = siteProduct;

const collection = (overrides: Partial<CollectionJson> = {}): CollectionJson =>
  ({ id: 3, name: 'Teas', permalink: 'teas', products: [7], ...overrides }) as CollectionJson;

const changes = (parts: Partial<CatalogChanges>): CatalogChanges => ({ products: [], variants: [], collections: [], ...parts });
const live = <T>(record: T) => ({ ...record, deleted: false });
const gone = <T>(record: T) => ({ ...record, deleted: true });

/** The site's products as [id, [variant id, stock]...]. */
const shown = (catalog: StoreCatalog) => catalog.products.map((entry) => [entry.product.id, entry.variants.map((v) => [v.id, v.in_stock])]);

describe('KeptStoreCatalog applying changes', () => {
  it('moves a stock in place: the same catalog object, a new entry for the product, the cart finds the new stock', () => {
    const kept = new KeptStoreCatalog([product(), product({ id: 8 })], [variant(), variant({ id: 80, product_id: 8 })], []);
    const { catalog } = kept;
    const before = catalog.productById.get(7)!;

    kept.apply(changes({ variants: [live({ variant: variant({ in_stock: 2 }) })] }));

    expect(kept.catalog).toBe(catalog);
    expect(shown(catalog)).toEqual([
      [8, [[80, 5]]],
      [7, [[70, 2]]],
    ]);
    expect(catalog.variantById.get(70)).toEqual({ product: catalog.productById.get(7), variant: variant({ in_stock: 2 }) });
    // A page that read the product before the change keeps what it read.
    expect(before.variants[0]!.in_stock).toBe(5);
  });

  it('lists a new product in id order, newest first, with variants that came before it', () => {
    const kept = new KeptStoreCatalog([product({ id: 5 }), product({ id: 9 })], [], []);

    kept.apply(
      changes({
        products: [live({ product: product({ id: 7 }) })],
        variants: [live({ variant: variant({ id: 72, position: 2 }) }), live({ variant: variant({ id: 71, position: 1 }) })],
      }),
    );

    expect(shown(kept.catalog)).toEqual([
      [9, []],
      [
        7,
        [
          [71, 5],
          [72, 5],
        ],
      ],
      [5, []],
    ]);
    expect(kept.catalog.variantById.get(72)?.product.product.id).toBe(7);
  });

  it('takes a hidden product off the site and shows it again with the variants it had, even ones added while hidden', () => {
    const kept = new KeptStoreCatalog([product()], [variant()], []);

    kept.apply(changes({ products: [live({ product: product({ status: 'hidden' }) })] }));
    expect(kept.catalog.products).toEqual([]);
    expect(kept.catalog.variantById.size).toBe(0);

    kept.apply(changes({ variants: [live({ variant: variant({ id: 71, position: 2 }) })] }));
    expect(kept.catalog.variantById.size).toBe(0);

    kept.apply(changes({ products: [live({ product: product({ status: 'active' }) })] }));
    expect(shown(kept.catalog)).toEqual([
      [
        7,
        [
          [70, 5],
          [71, 5],
        ],
      ],
    ]);
  });

  it('removes deleted products, variants and collections; re-sorts a variant whose position moved', () => {
    const kept = new KeptStoreCatalog(
      [product(), product({ id: 8 })],
      [variant(), variant({ id: 71, position: 2 }), variant({ id: 72, position: 3 })],
      [collection(), collection({ id: 4 })],
    );

    kept.apply(
      changes({
        products: [gone({ product: product({ id: 8 }) })],
        variants: [gone({ variant: variant({ id: 71, position: 2 }) }), live({ variant: variant({ id: 72, position: 0 }) })],
        collections: [gone({ collection: collection() })],
      }),
    );

    expect(shown(kept.catalog)).toEqual([
      [
        7,
        [
          [72, 5],
          [70, 5],
        ],
      ],
    ]);
    expect([...kept.catalog.variantById.keys()].sort()).toEqual([70, 72]);
    expect(kept.catalog.collections.map((c) => c.id)).toEqual([4]);
    expect(kept.catalog.collectionById.has(3)).toBe(false);
  });
});

/** One store's projection records in a random test: at most these ids, so changes hit the same records often. */
const PRODUCT_IDS = 12;
const VARIANT_IDS = 30;
const COLLECTION_IDS = 5;
/** A variant belongs to one product for life, as in catalog. */
const productOfVariant = (variantId: number) => (variantId % PRODUCT_IDS) + 1;

type Step =
  | { kind: 'product'; id: number; status: 'active' | 'hidden'; deletedAt: boolean; name: string; deleted: boolean }
  | { kind: 'variant'; id: number; position: number; stock: number; deleted: boolean }
  | { kind: 'collection'; id: number; name: string; products: number[]; deleted: boolean }
  | { kind: 'apply'; resend: number[] };

const id = (count: number) => fc.integer({ min: 1, max: count });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('product' as const),
    id: id(PRODUCT_IDS),
    status: fc.constantFrom('active' as const, 'hidden' as const),
    deletedAt: fc.boolean(),
    name: fc.constantFrom('Sencha', 'Matcha', 'Oolong'),
    deleted: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('variant' as const),
    id: id(VARIANT_IDS),
    position: fc.integer({ min: 0, max: 3 }),
    stock: fc.integer({ min: 0, max: 9 }),
    deleted: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('collection' as const),
    id: id(COLLECTION_IDS),
    name: fc.constantFrom('Teas', 'Gifts'),
    products: fc.array(id(PRODUCT_IDS), { maxLength: 4 }),
    deleted: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('apply' as const), resend: fc.array(fc.nat(), { maxLength: 3 }) }),
);

/** The projection's records as they are (tombstones too), and the changes written since the kept catalog last applied. */
class Records {
  readonly products = new Map<number, { deleted: boolean; product: ProductSnapshot }>();
  readonly variants = new Map<number, { deleted: boolean; variant: VariantJson }>();
  readonly collections = new Map<number, { deleted: boolean; collection: CollectionJson }>();
  private pending: CatalogChanges = changes({});

  write(next: Exclude<Step, { kind: 'apply' }>): void {
    // Every write is a change, in order: a record written twice comes twice, its newer state later (as the reader reads).
    if (next.kind === 'product') {
      const record = {
        deleted: next.deleted,
        product: product({ id: next.id, status: next.status, name: next.name, deleted_at: next.deletedAt ? '2026-01-01T00:00:00Z' : null }),
      };
      this.products.set(next.id, record);
      this.pending = { ...this.pending, products: [...this.pending.products, record] };
    } else if (next.kind === 'variant') {
      const record = {
        deleted: next.deleted,
        variant: variant({ id: next.id, product_id: productOfVariant(next.id), position: next.position, in_stock: next.stock }),
      };
      this.variants.set(next.id, record);
      this.pending = { ...this.pending, variants: [...this.pending.variants, record] };
    } else {
      const record = { deleted: next.deleted, collection: collection({ id: next.id, name: next.name, products: next.products }) };
      this.collections.set(next.id, record);
      this.pending = { ...this.pending, collections: [...this.pending.collections, record] };
    }
  }

  /** What the reader gets: every record written since, and some unchanged ones again (records left unstamped). */
  changes(resend: readonly number[]): CatalogChanges {
    const again = <T>(records: ReadonlyMap<number, T>) => {
      const all = [...records.values()];
      return all.length === 0 ? [] : resend.map((n) => all[n % all.length]!);
    };
    const taken = this.pending;
    this.pending = changes({});
    return {
      products: [...again(this.products), ...taken.products],
      variants: [...again(this.variants), ...taken.variants],
      collections: [...again(this.collections), ...taken.collections],
    };
  }

  /** The live records, as a full load reads them. */
  live(): [ProductSnapshot[], VariantJson[], CollectionJson[]] {
    const liveOf = <T extends { deleted: boolean }>(records: ReadonlyMap<number, T>) => [...records.values()].filter((r) => !r.deleted);
    return [
      liveOf(this.products).map((r) => r.product),
      liveOf(this.variants).map((r) => r.variant),
      liveOf(this.collections).map((r) => r.collection),
    ];
  }
}

/** What a page relies on beyond equal content: the list, the maps and the cart's variants name the same entries. */
function expectOneEntryPerProduct(catalog: StoreCatalog): void {
  for (const entry of catalog.products) {
    expect(catalog.productById.get(entry.product.id)).toBe(entry);
    for (const shownVariant of entry.variants) expect(catalog.variantById.get(shownVariant.id)?.product).toBe(entry);
  }
  expect(catalog.productById.size).toBe(catalog.products.length);
}

describe('KeptStoreCatalog over random changes', () => {
  it('equals the catalog built from the final records after every apply', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.array(step, { maxLength: 80 }), (initial, later) => {
        const records = new Records();
        for (const first of initial) if (first.kind !== 'apply') records.write(first);
        records.changes([]);
        const kept = new KeptStoreCatalog(...records.live());

        for (const next of [...later, { kind: 'apply', resend: [] } as const]) {
          if (next.kind !== 'apply') {
            records.write(next);
            continue;
          }
          kept.apply(records.changes(next.resend));
          expect(kept.catalog).toEqual(buildStoreCatalog(...records.live()));
          expectOneEntryPerProduct(kept.catalog);
        }
      }),
      { numRuns: 300, seed: 20_260_101 },
    );
  });
});
