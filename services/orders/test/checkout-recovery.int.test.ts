// The recovery sweep (docs/orders.md#how-a-checkout-runs-orders-service), in-process with a short lease: a checkout whose call died at a
// step (see crashed-checkout.ts) or could not undo what it did (catalog unreachable) is finished or undone once its
// lease ran out, and a canceled order whose stock could not go back yet is given back. Last, a live call whose
// shipping quote is held (holding-proxy.ts) past its lease while the sweep undoes it. The SIGKILL versions of
// the crashes are the stack tests' (ORDERS_FAILPOINT).
import { orders } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { CheckoutRepository, type CheckoutDocument } from '../src/infra/checkout.repository';
import { TestPaymentProcessor, type PaymentEntry } from '../src/infra/test-payment.processor';
import { checkoutCrashedAfter, depsDyingAt } from './crashed-checkout';
import { startHoldingProxy, type HoldingProxy } from './holding-proxy';
import {
  aCheckout,
  aShop,
  anOpenOrder,
  startOrdersHarness,
  stockOf,
  waitForOrderEvents,
  waitForStock,
  type OrdersHarness,
  type Shop,
  whileStopped,
} from './orders.fixture';

const LEASE_MS = 1_000;
let harness: OrdersHarness;
/** Between orders and shipping (orders' SHIPPING_GRPC_ADDR): passes everything through unless a test holds it. */
let shippingProxy: HoldingProxy;

beforeAll(async () => {
  shippingProxy = await startHoldingProxy();
  harness = await startOrdersHarness({
    CHECKOUT_LEASE_MS: String(LEASE_MS),
    CHECKOUT_SWEEP_INTERVAL_MS: '200',
    SHIPPING_GRPC_ADDR: shippingProxy.address,
  });
  shippingProxy.target = harness.siblings.shipping.address;
});

afterAll(async () => {
  await harness?.stop();
  await shippingProxy?.close();
});

const UNTOUCHED = { tea: { in_stock: 20, sold: 0 }, mug: { in_stock: 10, sold: 0 } };
const TAKEN = { tea: { in_stock: 18, sold: 2 }, mug: { in_stock: 9, sold: 1 } };

const stockOfShop = async (shop: Shop) => ({
  tea: await stockOf(harness, shop.storeId, shop.tea.variantId),
  mug: await stockOf(harness, shop.storeId, shop.mug.variantId),
});

const waitForShopStock = async (shop: Shop, expected: typeof UNTOUCHED) => {
  await waitForStock(harness, shop.storeId, shop.tea.variantId, expected.tea);
  await waitForStock(harness, shop.storeId, shop.mug.variantId, expected.mug);
};

/** The checkout's saga log entry as orders keeps it (null once forgotten). */
const checkoutOf = (request: orders.CreateOrderRequest) =>
  new CheckoutRepository(harness.service.host.db.collection<CheckoutDocument>(CheckoutRepository.collection)).find(
    request.store_id,
    request.checkout_key,
  );

/** The test processor's ledger entry of a saga key. */
const paymentOf = (sagaKey: string) =>
  harness.service.host.db.collection<PaymentEntry>(TestPaymentProcessor.collection).findOne({ key: sagaKey });

const getOrder = async (storeId: number, orderId: number) =>
  (await harness.client.getOrder({ store_id: storeId, order_id: orderId })).order!;

describe('a checkout that stopped before its order was written', () => {
  it('is undone once its lease ran out: the stock it reserved goes back and its key may start afresh', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);

    await checkoutCrashedAfter(harness, request, 'after-reserve');
    expect(await stockOfShop(shop)).toEqual(TAKEN);
    // Still the dead call's until its lease ends: a repeat is told to wait, not given a second order.
    expect(await rejectionOf(harness.client.createOrder(request))).toMatchObject({
      code: GrpcStatus.ABORTED,
      reason: 'CHECKOUT_IN_PROGRESS',
    });

    await waitForShopStock(shop, UNTOUCHED);
    await waitFor(async () => (await checkoutOf(request)) === null, { message: 'the undone checkout to be forgotten' });
    const { order } = await harness.client.createOrder(request);
    expect(order!.status).toBe('open');
    expect(await stockOfShop(shop)).toEqual(TAKEN);
    expect((await harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: shop.storeId }))).total).toBe(1);
  });

  it('whose stock cannot be released while catalog is down is released by the sweep once catalog is back', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);
    await checkoutCrashedAfter(harness, request, 'after-reserve');
    const crashed = (await checkoutOf(request))!;

    await whileStopped(harness, 'catalog', async () => {
      // The sweep takes it over (a new lease) and fails to release it: it stays for the next sweep.
      await waitFor(async () => (await checkoutOf(request))?.lease_token !== crashed.lease_token, {
        message: 'the sweep to take the checkout over',
      });
      const taken = (await checkoutOf(request))!;
      await waitFor(async () => (await checkoutOf(request))?.lease_token !== taken.lease_token, { message: 'the sweep to try again' });
      expect((await checkoutOf(request))!.state).toBe('reserving');
    });

    await waitForShopStock(shop, UNTOUCHED);
    await waitFor(async () => (await checkoutOf(request)) === null, { message: 'the released checkout to be forgotten' });
  });

  it('cut short by catalog being down answers UNAVAILABLE, then "in progress" until the sweep, then the key goes through', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);

    const [first, repeat] = await whileStopped(harness, 'catalog', async () => [
      await rejectionOf(harness.client.createOrder(request)),
      await rejectionOf(harness.client.createOrder(request)),
    ]);

    expect(first.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(repeat).toMatchObject({ code: GrpcStatus.ABORTED, reason: 'CHECKOUT_IN_PROGRESS' });
    const { order } = await waitFor(() => harness.client.createOrder(request), {
      message: 'the same key to go through once the sweep forgot the cut-short attempt',
    });
    expect(order!.status).toBe('open');
    expect(await stockOfShop(shop)).toEqual(TAKEN);
  });
});

describe('a checkout that stopped with its order pending', () => {
  it('before the charge: the sweep voids the payment, fails the order (order/updated) and gives the stock back', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);

    const { orderId, sagaKey } = await checkoutCrashedAfter(harness, request, 'after-order');
    expect(await getOrder(shop.storeId, orderId)).toMatchObject({ status: 'pending', paid_at: undefined });
    expect(await stockOfShop(shop)).toEqual(TAKEN);

    const failed = await waitFor(async () => {
      const order = await getOrder(shop.storeId, orderId);
      return order.status === 'failed' ? order : undefined;
    });
    expect(failed.paid_at).toBeUndefined();
    await waitForShopStock(shop, UNTOUCHED);
    const events = await waitForOrderEvents(harness, shop.storeId, orderId, 2);
    expect(events.map((event) => [event.topic, event.resource.status])).toEqual([
      ['order/created', 'pending'],
      ['order/updated', 'failed'],
    ]);
    expect(await paymentOf(sagaKey)).toMatchObject({ state: 'voided' });
    // The voided key can never be charged after: the dead call, had it woken up, could not take the money.
    expect(
      await depsDyingAt(harness, null).payments.charge({ key: sagaKey, token: 'tok_visa', amountCents: failed.total, description: 'late' }),
    ).toEqual({
      approved: false,
      message: 'The payment was canceled.',
    });
    // A repeat of the key answers what became of it.
    const repeat = await rejectionOf(harness.client.createOrder(request));
    expect(repeat.code).toBe(GrpcStatus.UNAVAILABLE);
    expect(repeat.message).toMatch(/interrupted before the payment; nothing was charged/);
  });

  it('after the charge: the sweep finishes it, open and paid (order/paid), the stock staying taken', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);

    const { orderId, sagaKey } = await checkoutCrashedAfter(harness, request, 'after-charge');
    expect(await paymentOf(sagaKey)).toMatchObject({ state: 'captured' });

    const paid = await waitFor(async () => {
      const order = await getOrder(shop.storeId, orderId);
      return order.status === 'open' ? order : undefined;
    });
    expect(paid.paid_at).toBeInstanceOf(Date);
    const events = await waitForOrderEvents(harness, shop.storeId, orderId, 2);
    expect(events.map((event) => [event.topic, event.resource.status])).toEqual([
      ['order/created', 'pending'],
      ['order/paid', 'open'],
    ]);
    expect(await stockOfShop(shop)).toEqual(TAKEN);
    expect((await harness.client.createOrder(request)).order).toEqual(paid);
  });

  it('after a declined charge: the sweep fails the order and gives the stock back', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop, { payment_token: 'tok_chargeDeclined' });

    // Crash right after the charge was declined: the order is still pending, the ledger says declined.
    const { orderId, sagaKey } = await checkoutCrashedAfter(harness, request, 'after-charge');
    expect(await paymentOf(sagaKey)).toMatchObject({ state: 'declined' });

    const failed = await waitFor(async () => {
      const order = await getOrder(shop.storeId, orderId);
      return order.status === 'failed' ? order : undefined;
    });
    expect(failed.paid_at).toBeUndefined();
    await waitForShopStock(shop, UNTOUCHED);
    await waitFor(async () => (await checkoutOf(request))?.state === 'failed', { message: 'the checkout to be settled as failed' });
  });
});

describe('a canceled order whose stock catalog could not take back', () => {
  it('answers canceled, and the sweep gives the stock back once catalog is back', async () => {
    const shop = await aShop(harness);
    const order = await anOpenOrder(harness, shop);

    const canceled = await whileStopped(harness, 'catalog', () =>
      harness.client.cancelOrder({ store_id: shop.storeId, order_id: order.id }),
    );

    expect(canceled.order!.status).toBe('canceled');
    await waitForShopStock(shop, UNTOUCHED);
    const events = await waitForOrderEvents(harness, shop.storeId, order.id, 4);
    // order/updated: the cancel's refund of the paid order (docs/money.md#refunds).
    expect(events.map((event) => event.topic)).toEqual(['order/created', 'order/paid', 'order/updated', 'order/canceled']);
  });
});

describe('a checkout whose shipping quote outlasts its lease (within the backend deadline)', () => {
  it('leaves no order pending once the sweep undid it, and no order without its stock', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);
    const list = (status = '') => harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: shop.storeId, status }));

    shippingProxy.hold();
    const answer = harness.client.createOrder(request).then(
      (ok) => ({ ok }),
      (error: unknown) => ({ error }),
    );
    try {
      await waitFor(() => shippingProxy.heldBytes > 0, { message: 'the quote to be on its way to shipping' });
      // The lease runs out while the quote is held: the sweep takes the checkout over, finds no order,
      // releases the stock and forgets the checkout.
      await waitFor(async () => (await checkoutOf(request)) === null, { message: 'the sweep to undo the checkout' });
      await waitForShopStock(shop, UNTOUCHED);
    } finally {
      shippingProxy.release();
    }
    await answer;

    // orders.proto: "no checkout stays pending"; docs/orders.md#how-a-checkout-runs-orders-service: no stock lost or oversold.
    await waitFor(async () => (await list('pending')).total === 0, {
      timeoutMs: 5 * LEASE_MS,
      message: 'no order of the store to stay pending',
    });
    const open = (await list('open')).total;
    expect(await stockOfShop(shop)).toEqual(open === 0 ? UNTOUCHED : TAKEN);
  });
});
