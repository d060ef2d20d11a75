import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { databaseOptionsFrom, openDatabase } from '@commerce/persistence';
import { rejectionOf } from '@commerce/testing';
import { createProduct, productWithStock, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

let harness: CatalogHarness;
let storeId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
});

afterAll(() => harness?.stop());

let nextKey = 1;
const aKey = () => `checkout-${nextKey++}`;
const reserve = (orderKey: string, lines: catalog.StockLine[]) =>
  harness.client.reserveStock({ store_id: storeId, order_key: orderKey, lines });
const release = (orderKey: string) => harness.client.releaseStock({ store_id: storeId, order_key: orderKey });
const stockOf = async (variantId: number) => {
  const { variants } = await harness.client.getVariantsByIds({ store_id: storeId, variant_ids: [variantId], include_deleted: false });
  return { in_stock: variants[0]!.in_stock, sold: variants[0]!.sold };
};

describe('ReserveStock', () => {
  it('takes every line and answers them priced, in the order of the request', async () => {
    const tea = await productWithStock(harness.client, storeId, 5, { name: 'Tea', cents: 1000 });
    const cup = await productWithStock(harness.client, storeId, 3, { name: 'Cup', cents: 450, taxable: false });
    const { collection } = await harness.client.createCollection(
      catalog.CreateCollectionRequest.fromPartial({ store_id: storeId, name: 'Teas', product_ids: [tea.product.id] }),
    );

    const { lines } = await reserve(aKey(), [
      { variant_id: cup.variantId, quantity: 3 },
      { variant_id: tea.variantId, quantity: 2 },
    ]);

    expect(lines).toEqual([
      {
        variant_id: cup.variantId,
        product_id: cup.product.id,
        product_name: 'Cup',
        variant_name: 'Default',
        sku: undefined,
        quantity: 3,
        unit_cents: 450,
        shipping_group_id: 0,
        // What an order's pricing needs (docs/money.md#how-a-cart-is-priced): whether it is taxed, and its collections.
        taxable: false,
        collection_ids: [],
      },
      {
        variant_id: tea.variantId,
        product_id: tea.product.id,
        product_name: 'Tea',
        variant_name: 'Default',
        sku: undefined,
        quantity: 2,
        unit_cents: 1000,
        shipping_group_id: 0,
        taxable: true,
        collection_ids: [collection!.id],
      },
    ]);
    expect(await stockOf(tea.variantId)).toEqual({ in_stock: 3, sold: 2 });
    expect(await stockOf(cup.variantId)).toEqual({ in_stock: 0, sold: 3 });
  });
});

describe('PriceLines (the checkout quote)', () => {
  it('prices the lines as ReserveStock would, and takes nothing', async () => {
    const tea = await productWithStock(harness.client, storeId, 5, { name: 'Tea', cents: 1000 });
    const { lines } = await harness.client.priceLines({ store_id: storeId, lines: [{ variant_id: tea.variantId, quantity: 5 }] });
    expect(lines).toEqual([expect.objectContaining({ variant_id: tea.variantId, quantity: 5, unit_cents: 1000, taxable: true })]);
    expect(await stockOf(tea.variantId)).toEqual({ in_stock: 5, sold: 0 });
  });

  it('refuses as ReserveStock refuses: every short line at once, and an unknown variant', async () => {
    const tea = await productWithStock(harness.client, storeId, 1, { name: 'Tea', cents: 1000 });
    const cup = await productWithStock(harness.client, storeId, 0, { name: 'Cup', cents: 450 });
    const short = await rejectionOf(
      harness.client.priceLines({
        store_id: storeId,
        lines: [
          { variant_id: cup.variantId, quantity: 1 },
          { variant_id: tea.variantId, quantity: 2 },
        ],
      }),
    );
    expect(short.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(short.reason).toBe('INSUFFICIENT_STOCK');
    expect(JSON.parse(short.metadata!.short_variants!)).toEqual([
      { variant_id: cup.variantId, requested: 1, in_stock: 0 },
      { variant_id: tea.variantId, requested: 2, in_stock: 1 },
    ]);
    const unknown = await rejectionOf(
      harness.client.priceLines({ store_id: storeId, lines: [{ variant_id: 2_147_483_000, quantity: 1 }] }),
    );
    expect(unknown.code).toBe(GrpcStatus.NOT_FOUND);
    expect(await stockOf(tea.variantId)).toEqual({ in_stock: 1, sold: 0 });
  });

  it('publishes variant/updated with the new stock', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 4);

    await reserve(aKey(), [{ variant_id: variantId, quantity: 1 }]);

    const events = await harness.waitForEvents('catalog', 1, {
      store_id: storeId,
      topic: 'variant/updated',
      where: (event) => event.resource.id === variantId && event.resource.in_stock === 3,
    });
    expect(events[0]!.resource).toMatchObject({ sold: 1, sold_out: false });
  });

  it('takes nothing when one line cannot be had, and says which', async () => {
    const plenty = await productWithStock(harness.client, storeId, 10);
    const scarce = await productWithStock(harness.client, storeId, 1);
    const key = aKey();

    const error = await rejectionOf(
      reserve(key, [
        { variant_id: plenty.variantId, quantity: 4 },
        { variant_id: scarce.variantId, quantity: 2 },
      ]),
    );

    expect(error.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(error.reason).toBe('INSUFFICIENT_STOCK');
    expect(error.metadata).toEqual({
      variant_id: String(scarce.variantId),
      requested: '2',
      in_stock: '1',
      short_variants: JSON.stringify([{ variant_id: scarce.variantId, requested: 2, in_stock: 1 }]),
    });
    expect(await stockOf(plenty.variantId)).toEqual({ in_stock: 10, sold: 0 });
    expect(await stockOf(scarce.variantId)).toEqual({ in_stock: 1, sold: 0 });
    // The failed key is forgotten: a retry once stock allows succeeds.
    expect((await reserve(key, [{ variant_id: scarce.variantId, quantity: 1 }])).lines).toHaveLength(1);
  });

  it('names every short variant of every product of the request, and takes nothing from any', async () => {
    const mugs = await productWithStock(harness.client, storeId, 2, { name: 'Mugs' });
    const { variant: bigMug } = await harness.client.createVariant(
      catalog.CreateVariantRequest.fromPartial({ store_id: storeId, product_id: mugs.product.id, name: 'Large', full_quantity: 4 }),
    );
    const pots = await productWithStock(harness.client, storeId, 1, { name: 'Pots' });
    const spoons = await productWithStock(harness.client, storeId, 9, { name: 'Spoons' });
    const key = aKey();

    // Mugs are taken from first (lowest id) and refused; the pots after them are checked without taking.
    const error = await rejectionOf(
      reserve(key, [
        { variant_id: pots.variantId, quantity: 3 },
        { variant_id: mugs.variantId, quantity: 2 },
        { variant_id: spoons.variantId, quantity: 9 },
        { variant_id: bigMug!.id, quantity: 5 },
      ]),
    );

    expect(error.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(error.reason).toBe('INSUFFICIENT_STOCK');
    expect(JSON.parse(error.metadata!.short_variants!)).toEqual([
      { variant_id: pots.variantId, requested: 3, in_stock: 1 },
      { variant_id: bigMug!.id, requested: 5, in_stock: 4 },
    ]);
    expect(error.metadata).toMatchObject({ variant_id: String(pots.variantId), requested: '3', in_stock: '1' });
    expect(error.message).toBe(
      `Only 1 of variant ${pots.variantId} in stock, 3 requested; only 4 of variant ${bigMug!.id} in stock, 5 requested`,
    );
    expect(await stockOf(pots.variantId)).toEqual({ in_stock: 1, sold: 0 });
    expect(await stockOf(mugs.variantId)).toEqual({ in_stock: 2, sold: 0 });
    expect(await stockOf(bigMug!.id)).toEqual({ in_stock: 4, sold: 0 });
    expect(await stockOf(spoons.variantId)).toEqual({ in_stock: 9, sold: 0 });
    // Nothing of the refused key is kept: once the lines fit, the same key reserves.
    expect((await reserve(key, [{ variant_id: pots.variantId, quantity: 1 }])).lines).toHaveLength(1);
  });

  it('refuses a product that is not active or deleted (NOT_PURCHASABLE) and an unknown variant (NOT_FOUND)', async () => {
    const hidden = await productWithStock(harness.client, storeId, 5, { status: 'hidden' });
    const deleted = await productWithStock(harness.client, storeId, 5);
    await harness.client.deleteProduct({ store_id: storeId, product_id: deleted.product.id });

    expect(await rejectionOf(reserve(aKey(), [{ variant_id: hidden.variantId, quantity: 1 }]))).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'NOT_PURCHASABLE',
    });
    expect(await rejectionOf(reserve(aKey(), [{ variant_id: deleted.variantId, quantity: 1 }]))).toMatchObject({
      code: GrpcStatus.FAILED_PRECONDITION,
      reason: 'NOT_PURCHASABLE',
    });
    expect((await rejectionOf(reserve(aKey(), [{ variant_id: 888_888, quantity: 1 }]))).code).toBe(GrpcStatus.NOT_FOUND);
  });

  it('refuses malformed lines', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 5);

    const error = await rejectionOf(
      reserve(aKey(), [
        { variant_id: variantId, quantity: 0 },
        { variant_id: variantId, quantity: 1 },
      ]),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      'lines.quantity': ['must be at least 1'],
      'lines.variant_id': [`lists variant ${variantId} more than once`],
    });
    expect((await rejectionOf(reserve(aKey(), []))).fieldViolations).toEqual({ lines: ['must have at least one line'] });
  });

  it('is idempotent per order key: a repeat answers the first lines and takes nothing more', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 5);
    const key = aKey();

    const first = await reserve(key, [{ variant_id: variantId, quantity: 2 }]);
    const repeat = await reserve(key, [{ variant_id: variantId, quantity: 3 }]);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => reserve(key, [{ variant_id: variantId, quantity: 2 }])));

    expect(repeat).toEqual(first);
    expect(concurrent.every((answer) => answer.lines[0]!.quantity === 2)).toBe(true);
    expect(await stockOf(variantId)).toEqual({ in_stock: 3, sold: 2 });
  });

  it('never sells more than is in stock under concurrent checkouts', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 5);

    const results = await Promise.allSettled(Array.from({ length: 12 }, () => reserve(aKey(), [{ variant_id: variantId, quantity: 1 }])));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    for (const result of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(result.reason).toMatchObject({ reason: 'INSUFFICIENT_STOCK' });
    expect(await stockOf(variantId)).toEqual({ in_stock: 0, sold: 5 });
  });
});

describe('ReleaseStock', () => {
  it('puts everything back once; afterwards the key is ABORTED for reserve', async () => {
    const a = await productWithStock(harness.client, storeId, 4);
    const b = await productWithStock(harness.client, storeId, 4);
    const key = aKey();
    await reserve(key, [
      { variant_id: a.variantId, quantity: 1 },
      { variant_id: b.variantId, quantity: 3 },
    ]);

    expect(await release(key)).toEqual({ released: true });
    expect(await release(key)).toEqual({ released: false });
    expect(await stockOf(a.variantId)).toEqual({ in_stock: 4, sold: 0 });
    expect(await stockOf(b.variantId)).toEqual({ in_stock: 4, sold: 0 });
    const again = await rejectionOf(reserve(key, [{ variant_id: a.variantId, quantity: 1 }]));
    expect(again.code).toBe(GrpcStatus.ABORTED);
  });

  it('answers released = false for an unknown key', async () => {
    expect(await release('never-reserved')).toEqual({ released: false });
  });

  it('is safe when released concurrently', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 3);
    const key = aKey();
    await reserve(key, [{ variant_id: variantId, quantity: 3 }]);

    const answers = await Promise.all(Array.from({ length: 4 }, () => release(key)));

    expect(answers.filter(({ released }) => released)).toHaveLength(1);
    expect(await stockOf(variantId)).toEqual({ in_stock: 3, sold: 0 });
  });
});

describe('after a crash', () => {
  it('the start-up sweep puts back the stock of a reservation left pending, and the key can be used again', async () => {
    const { product, variantId } = await productWithStock(harness.client, storeId, 6);
    await harness.service.stop();
    // What a crash between "take the stock" and "mark the reservation reserved" leaves on disk.
    const db = await openDatabase(databaseOptionsFrom(harness.config, 'catalog'));
    const products = db.collection('products');
    const stored = (await products.findOne({ store_id: storeId, id: product.id })) as {
      variants: { id: number; in_stock: number; sold: number }[];
    };
    const variants = stored.variants.map((variant) =>
      variant.id === variantId ? { ...variant, in_stock: variant.in_stock - 2, sold: variant.sold + 2 } : variant,
    );
    await products.updateOne(
      { store_id: storeId, id: product.id },
      { $set: { variants, stock_marks: [{ reservation_id: 9_999, state: 'held' }] }, $inc: { rev: 1 } },
    );
    await db.collection('reservations').insertOne({
      store_id: storeId,
      order_key: 'crashed-checkout',
      id: 9_999,
      state: 'pending',
      lines: [{ variant_id: variantId, quantity: 2, product_id: product.id }],
      product_ids: [product.id],
      reserved_lines: [],
      marks_pending: true,
      updated_at: new Date(Date.now() - 60_000),
    });
    await db.close();

    await harness.restart();
    await harness.service.firstRecovery;

    expect(await stockOf(variantId)).toEqual({ in_stock: 6, sold: 0 });
    expect((await reserve('crashed-checkout', [{ variant_id: variantId, quantity: 1 }])).lines[0]!.quantity).toBe(1);
    expect(await stockOf(variantId)).toEqual({ in_stock: 5, sold: 1 });
  });
});

describe('batch reads for orders', () => {
  it('answers products and variants by ids in the order asked, deleted ones only when asked', async () => {
    const kept = await createProduct(harness.client, storeId);
    const gone = await createProduct(harness.client, storeId);
    await harness.client.deleteProduct({ store_id: storeId, product_id: gone.id });

    const live = await harness.client.getProductsByIds({
      store_id: storeId,
      product_ids: [gone.id, kept.id, 555_555],
      include_deleted: false,
    });
    const all = await harness.client.getProductsByIds({ store_id: storeId, product_ids: [gone.id, kept.id], include_deleted: true });
    const variants = await harness.client.getVariantsByIds({
      store_id: storeId,
      variant_ids: [gone.variants[0]!.id, kept.variants[0]!.id],
      include_deleted: true,
    });
    const liveVariants = await harness.client.getVariantsByIds({
      store_id: storeId,
      variant_ids: [gone.variants[0]!.id, kept.variants[0]!.id],
      include_deleted: false,
    });

    expect(live.products.map(({ id }) => id)).toEqual([kept.id]);
    expect(all.products.map(({ id }) => id)).toEqual([gone.id, kept.id]);
    expect(all.products[0]!.deleted_at).toBeInstanceOf(Date);
    expect(variants.variants.map(({ id }) => id)).toEqual([gone.variants[0]!.id, kept.variants[0]!.id]);
    expect(liveVariants.variants.map(({ id }) => id)).toEqual([kept.variants[0]!.id]);
  });
});
