import { catalog } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { productWithStock, startCatalogHarness, type CatalogHarness } from './catalog.fixture';

/** RestockLines (orders: a refund that restocks part of an order): some units back, once per key, the store's own only. */

let harness: CatalogHarness;
let storeId: number;
let rivalStoreId: number;

beforeAll(async () => {
  harness = await startCatalogHarness();
  storeId = (await harness.newStore()).id;
  rivalStoreId = (await harness.newStore()).id;
});

afterAll(() => harness?.stop());

let nextKey = 1;
const aKey = () => `order-${nextKey++}`;
const reserve = (orderKey: string, lines: catalog.StockLine[]) =>
  harness.client.reserveStock({ store_id: storeId, order_key: orderKey, lines });
const restock = (restockKey: string, lines: catalog.StockLine[], store = storeId) =>
  harness.client.restockLines({ store_id: store, restock_key: restockKey, lines });
const stockOf = async (variantId: number) => {
  const { variants } = await harness.client.getVariantsByIds({ store_id: storeId, variant_ids: [variantId], include_deleted: false });
  return { in_stock: variants[0]!.in_stock, sold: variants[0]!.sold };
};

describe('RestockLines', () => {
  it('puts part of a reservation back once per key, however often and concurrently it is asked', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 10);
    const order = aKey();
    await reserve(order, [{ variant_id: variantId, quantity: 4 }]);
    const key = `${order}/refund/1`;

    const answers = await Promise.all(Array.from({ length: 5 }, () => restock(key, [{ variant_id: variantId, quantity: 3 }])));

    expect(answers.filter(({ restocked }) => restocked)).toHaveLength(1);
    expect(await stockOf(variantId)).toEqual({ in_stock: 9, sold: 1 });
    expect(await restock(key, [{ variant_id: variantId, quantity: 3 }])).toEqual({ restocked: false });
    expect(await stockOf(variantId)).toEqual({ in_stock: 9, sold: 1 });
  });

  it('keeps its keys apart from reservations: a restock key equal to an order key moves its own units', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 5);
    const order = aKey();
    await reserve(order, [{ variant_id: variantId, quantity: 2 }]);

    expect(await restock(order, [{ variant_id: variantId, quantity: 1 }])).toEqual({ restocked: true });
    expect(await harness.client.releaseStock({ store_id: storeId, order_key: order })).toEqual({ released: true });
    expect(await stockOf(variantId)).toEqual({ in_stock: 6, sold: 0 });
  });

  it("never touches another store's variant, and skips a variant it does not know", async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 5);

    expect(await restock(aKey(), [{ variant_id: variantId, quantity: 2 }], rivalStoreId)).toEqual({ restocked: true });
    expect(await restock(aKey(), [{ variant_id: 987_654_321, quantity: 2 }])).toEqual({ restocked: true });
    expect(await stockOf(variantId)).toEqual({ in_stock: 5, sold: 0 });
  });

  it('refuses a blank key and malformed lines', async () => {
    const { variantId } = await productWithStock(harness.client, storeId, 5);
    const blank = await rejectionOf(restock(' ', [{ variant_id: variantId, quantity: 1 }]));
    expect(blank.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(blank.fieldViolations).toEqual({ restock_key: ["can't be blank"] });
    const lines = await rejectionOf(
      restock(aKey(), [
        { variant_id: variantId, quantity: 0 },
        { variant_id: variantId, quantity: 1 },
      ]),
    );
    expect(lines.fieldViolations).toEqual({
      'lines.quantity': ['must be at least 1'],
      'lines.variant_id': [`lists variant ${variantId} more than once`],
    });
    expect((await rejectionOf(restock('k'.repeat(301), [{ variant_id: variantId, quantity: 1 }]))).fieldViolations).toEqual({
      restock_key: ['is too long (maximum is 300 characters)'],
    });
    expect(await stockOf(variantId)).toEqual({ in_stock: 5, sold: 0 });
  });
});
