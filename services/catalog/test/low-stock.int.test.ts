// The low-stock list (docs/catalog.md#low-stock-variants): a store's live variants at or under a threshold, lowest first,
// each with its product's name, paged. Its rows follow catalog's own variant events, a moment after each write.
import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { aVariant, createProduct, productWithStock, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;

beforeAll(async () => {
  harness = await startCatalogHarness();
});

afterAll(() => harness?.stop());

const lowStock = (storeId: number, fields: Partial<catalog.ListLowStockVariantsRequest> = {}) =>
  harness.client.listLowStockVariants(catalog.ListLowStockVariantsRequest.fromPartial({ store_id: storeId, in_stock_max: 5, ...fields }));
const shown = (page: catalog.ListLowStockVariantsResponse) =>
  page.variants.map(({ variant, product_name }) => [product_name, variant!.name, variant!.in_stock]);

/** The list once its rows caught up with the writes: `expected` is what it must show. */
async function settledList(storeId: number, fields: Partial<catalog.ListLowStockVariantsRequest>, expected: unknown[]) {
  return waitFor(
    async () => {
      const page = await lowStock(storeId, fields);
      return JSON.stringify(shown(page)) === JSON.stringify(expected) ? page : undefined;
    },
    { message: `the low-stock list to show ${JSON.stringify(expected)}` },
  );
}

/** An owner's recount: `units` in stock, of as many stocked. */
const recount = (storeId: number, productId: number, variantId: number, units: number) =>
  harness.client.updateVariant(
    catalog.UpdateVariantRequest.fromPartial({
      store_id: storeId,
      product_id: productId,
      variant_id: variantId,
      full_quantity: units,
      in_stock: units,
    }),
  );

describe('ListLowStockVariants', () => {
  it('lists the variants at or under the threshold, lowest first then by id, each with its product', async () => {
    const storeId = (await harness.newStore()).id;
    const tea = await productWithStock(harness.client, storeId, 3, { name: 'Tea' });
    const mug = await productWithStock(harness.client, storeId, 20, { name: 'Mug' });
    const large = (await harness.client.createVariant(aVariant(storeId, mug.product.id, { name: 'Large', full_quantity: 5 }))).variant!;
    await productWithStock(harness.client, storeId, 6, { name: 'Pot' });
    const cup = await productWithStock(harness.client, storeId, 0, { name: 'Cup' });

    const page = await settledList(storeId, {}, [
      ['Cup', 'Default', 0],
      ['Tea', 'Default', 3],
      ['Mug', 'Large', 5],
    ]);

    expect(page).toMatchObject({ total: 3, page: 1, limit: 50 });
    expect(page.variants[0]!.variant).toMatchObject({ id: cup.variantId, product_id: cup.product.id, sold_out: true });
    expect(page.variants[2]!.variant).toMatchObject({ id: large.id, product_id: mug.product.id, full_quantity: 5 });
    expect(page.store_context?.time_zone).toBe('America/New_York');
    await settledList(storeId, { in_stock_max: 0 }, [['Cup', 'Default', 0]]);
    await settledList(storeId, { in_stock_max: 6 }, [
      ['Cup', 'Default', 0],
      ['Tea', 'Default', 3],
      ['Mug', 'Large', 5],
      ['Pot', 'Default', 6],
    ]);
    await recount(storeId, tea.product.id, tea.variantId, 10);
    await recount(storeId, mug.product.id, mug.variantId, 1);
    await settledList(storeId, {}, [
      ['Cup', 'Default', 0],
      ['Mug', 'Default', 1],
      ['Mug', 'Large', 5],
    ]);
  });

  it('follows checkouts, and leaves out deleted variants and the variants of deleted products', async () => {
    const storeId = (await harness.newStore()).id;
    const tea = await productWithStock(harness.client, storeId, 8, { name: 'Tea' });
    const mug = await productWithStock(harness.client, storeId, 2, { name: 'Mug' });
    const spare = (await harness.client.createVariant(aVariant(storeId, mug.product.id, { name: 'Spare', full_quantity: 1 }))).variant!;
    const pot = await productWithStock(harness.client, storeId, 1, { name: 'Pot' });
    await settledList(storeId, {}, [
      ['Mug', 'Spare', 1],
      ['Pot', 'Default', 1],
      ['Mug', 'Default', 2],
    ]);

    await harness.client.reserveStock({ store_id: storeId, order_key: 'low-stock-1', lines: [{ variant_id: tea.variantId, quantity: 4 }] });
    await harness.client.deleteVariant({ store_id: storeId, product_id: mug.product.id, variant_id: spare.id });
    await harness.client.deleteProduct({ store_id: storeId, product_id: pot.product.id });

    await settledList(storeId, {}, [
      ['Mug', 'Default', 2],
      ['Tea', 'Default', 4],
    ]);
  });

  it('lists every live variant whatever its product status: each tracks its stock, so none is left out as untracked', async () => {
    const storeId = (await harness.newStore()).id;
    // A new product's "Default" variant holds no stock until the owner sets some: it is out of stock, and listed.
    const fresh = await createProduct(harness.client, storeId, { name: 'Fresh', status: 'hidden' });

    const page = await settledList(storeId, { in_stock_max: 0 }, [['Fresh', 'Default', 0]]);
    expect(page.variants[0]!.variant).toMatchObject({ product_id: fresh.id, full_quantity: 0, status: 'sold-out' });
  });

  it('pages by page and limit, with the total', async () => {
    const storeId = (await harness.newStore()).id;
    for (const stock of [4, 0, 3, 1, 2]) await productWithStock(harness.client, storeId, stock, { name: `P${stock}` });
    const all = [0, 1, 2, 3, 4].map((stock) => [`P${stock}`, 'Default', stock]);
    await settledList(storeId, { limit: 250 }, all);

    const second = await lowStock(storeId, { limit: 2, page: 2 });
    expect(shown(second)).toEqual(all.slice(2, 4));
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(shown(await lowStock(storeId, { limit: 2, page: 3 }))).toEqual(all.slice(4));
    expect(await lowStock(storeId, { limit: 2, page: 4 })).toMatchObject({ variants: [], total: 5 });
    expect(await lowStock(storeId, { limit: 1000, page: 0 })).toMatchObject({ limit: 250, page: 1 });
  });

  it("never shows another store's variants", async () => {
    const storeId = (await harness.newStore()).id;
    const otherStoreId = (await harness.newStore()).id;
    await productWithStock(harness.client, otherStoreId, 1, { name: 'Theirs' });
    await productWithStock(harness.client, storeId, 2, { name: 'Ours' });

    await settledList(storeId, {}, [['Ours', 'Default', 2]]);
    await settledList(otherStoreId, {}, [['Theirs', 'Default', 1]]);
  });

  it('refuses a missing or negative threshold', async () => {
    const storeId = (await harness.newStore()).id;
    const missing = await rejectionOf(
      harness.client.listLowStockVariants(catalog.ListLowStockVariantsRequest.fromPartial({ store_id: storeId })),
    );
    const negative = await rejectionOf(lowStock(storeId, { in_stock_max: -1 }));

    expect(missing.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(missing.fieldViolations).toEqual({ in_stock_max: ['is required'] });
    expect(negative.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(negative.fieldViolations).toEqual({ in_stock_max: ['must be a whole number, at least 0'] });
  });
});
