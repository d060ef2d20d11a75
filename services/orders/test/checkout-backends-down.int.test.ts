// CreateOrder while catalog or shipping cannot answer (their processes stopped): UNAVAILABLE, nothing charged,
// and no stock held once the backend is back. The sweep's part (a checkout whose release also failed) is in
// checkout-recovery.int.test.ts, with a short lease.
import { orders } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { TestPaymentProcessor, type PaymentEntry } from '../src/infra/test-payment.processor';
import { aCheckout, aShop, startOrdersHarness, stockOf, type OrdersHarness, type Shop, whileStopped } from './orders.fixture';

let harness: OrdersHarness;

beforeAll(async () => {
  harness = await startOrdersHarness();
});

afterAll(() => harness?.stop());

const UNTOUCHED = { tea: { in_stock: 20, sold: 0 }, mug: { in_stock: 10, sold: 0 } };

const stockOfShop = async (shop: Shop) => ({
  tea: await stockOf(harness, shop.storeId, shop.tea.variantId),
  mug: await stockOf(harness, shop.storeId, shop.mug.variantId),
});

const listed = async (storeId: number) =>
  (await harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: storeId }))).total;

/** The test processor's ledger entries of a checkout key (keyed `<checkout key>/<order id>`). */
async function paymentsOf(checkoutKey: string) {
  const ledger = harness.service.host.db.collection<PaymentEntry>(TestPaymentProcessor.collection);
  return (await ledger.find({})).filter((entry) => entry.key.startsWith(`${checkoutKey}/`));
}

/** Waits until catalog answers again through the channel orders shares with this test. */
const catalogAnswers = (shop: Shop) => waitFor(() => stockOfShop(shop), { message: 'catalog to answer again' });

describe('with catalog stopped', () => {
  it('answers UNAVAILABLE, charges nothing, writes no order, and once catalog is back holds no stock', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);
    const error = await whileStopped(harness, 'catalog', () => rejectionOf(harness.client.createOrder(request)));

    expect(error.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(error.message).toBe('The checkout could not reach the catalog; nothing was charged and no stock is held. Please try again.');
    expect(await listed(shop.storeId)).toBe(0);
    expect(await paymentsOf(request.checkout_key)).toEqual([]);
    expect(await catalogAnswers(shop)).toEqual(UNTOUCHED);
    expect(await harness.eventsOf('orders', { store_id: shop.storeId })).toEqual([]);
  });

  it('lets the buyer check out again with a new key once catalog is back', async () => {
    const shop = await aShop(harness);
    const refused = await whileStopped(harness, 'catalog', () => rejectionOf(harness.client.createOrder(aCheckout(shop))));
    expect(refused.code).toBe(GrpcStatus.UNAVAILABLE);
    await catalogAnswers(shop);

    const { order } = await harness.client.createOrder(aCheckout(shop));

    expect(order!.status).toBe('open');
    expect(await stockOfShop(shop)).toEqual({ tea: { in_stock: 18, sold: 2 }, mug: { in_stock: 9, sold: 1 } });
  });
});

describe('with shipping stopped (after the stock was reserved)', () => {
  it('answers UNAVAILABLE, charges nothing, writes no order, and gives the reserved stock back', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);
    const error = await whileStopped(harness, 'shipping', () => rejectionOf(harness.client.createOrder(request)));

    expect(error.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(error.message).toBe('The checkout could not reach shipping; nothing was charged and no stock is held. Please try again.');
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await listed(shop.storeId)).toBe(0);
    expect(await paymentsOf(request.checkout_key)).toEqual([]);
    expect(await harness.eventsOf('orders', { store_id: shop.storeId })).toEqual([]);
  });

  it('lets the same checkout key go through once shipping is back (the cut-short attempt was forgotten)', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);
    const refused = await whileStopped(harness, 'shipping', () => rejectionOf(harness.client.createOrder(request)));
    expect(refused.code).toBe(GrpcStatus.UNAVAILABLE);

    const { order } = await waitFor(() => harness.client.createOrder(request), {
      message: 'the checkout to go through with shipping back',
    });

    expect(order!.status).toBe('open');
    expect(await stockOfShop(shop)).toEqual({ tea: { in_stock: 18, sold: 2 }, mug: { in_stock: 9, sold: 1 } });
    expect(await listed(shop.storeId)).toBe(1);
  });
});
