// Tenant isolation (orders.proto conventions): every RPC naming another store's order answers NOT_FOUND and
// changes nothing, publishes nothing; a fulfillment of one order is NOT_FOUND under another.
import { orders } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import {
  aShop,
  anOpenOrder,
  orderEvents,
  startOrdersHarness,
  stockOf,
  waitForOrderEvents,
  type OrdersHarness,
  type Shop,
} from './orders.fixture';

let harness: OrdersHarness;
let mine: Shop;
let theirs: Shop;

beforeAll(async () => {
  harness = await startOrdersHarness();
  mine = await aShop(harness, { teaStock: 100, mugStock: 100 });
  theirs = await aShop(harness, { teaStock: 100, mugStock: 100 });
});

afterAll(() => harness?.stop());

/** Every RPC that names an order, asked by `storeId` about `orderId`. */
const everyOrderRpc = (storeId: number, orderId: number, fulfillmentId: number): Array<[string, () => Promise<unknown>]> => [
  ['GetOrder', () => harness.client.getOrder({ store_id: storeId, order_id: orderId })],
  [
    'ShipOrder',
    () => harness.client.shipOrder(orders.ShipOrderRequest.fromPartial({ store_id: storeId, order_id: orderId, tracking_number: 'X' })),
  ],
  ['HoldOrder', () => harness.client.holdOrder({ store_id: storeId, order_id: orderId })],
  ['OpenOrder', () => harness.client.openOrder({ store_id: storeId, order_id: orderId })],
  ['CancelOrder', () => harness.client.cancelOrder({ store_id: storeId, order_id: orderId })],
  [
    'UpdateFulfillment',
    () =>
      harness.client.updateFulfillment(
        orders.UpdateFulfillmentRequest.fromPartial({
          store_id: storeId,
          order_id: orderId,
          fulfillment_id: fulfillmentId,
          tracking_number: 'X',
        }),
      ),
  ],
  ['GetOrderProducts', () => harness.client.getOrderProducts({ store_id: storeId, order_id: orderId })],
  ['GetOrderVariants', () => harness.client.getOrderVariants({ store_id: storeId, order_id: orderId })],
];

describe('another store order', () => {
  let order: orders.Order;
  let fulfillmentId: number;

  beforeAll(async () => {
    const placed = await anOpenOrder(harness, mine);
    // Partially shipped: every action (ship the rest, hold, cancel's refusal aside) would change it.
    const shipped = await harness.client.shipOrder(
      orders.ShipOrderRequest.fromPartial({ store_id: mine.storeId, order_id: placed.id, item_ids: [placed.items[0]!.id] }),
    );
    order = shipped.order!;
    fulfillmentId = shipped.fulfillment!.id;
    await waitForOrderEvents(harness, mine.storeId, order.id, 3);
  });

  it.each(['GetOrder', 'ShipOrder', 'HoldOrder', 'OpenOrder', 'CancelOrder', 'UpdateFulfillment', 'GetOrderProducts', 'GetOrderVariants'])(
    '%s answers NOT_FOUND',
    async (rpc) => {
      const call = everyOrderRpc(theirs.storeId, order.id, fulfillmentId).find(([name]) => name === rpc)![1];

      const error = await rejectionOf(call());

      expect(error.code).toBe(GrpcStatus.NOT_FOUND);
      expect(error.metadata).toEqual({ resource: 'order' });
    },
  );

  it('is left as it was, with no event but its own, and its stock still taken', async () => {
    for (const [, call] of everyOrderRpc(theirs.storeId, order.id, fulfillmentId)) await rejectionOf(call());
    // A change of its own afterwards: once its event is out, any event the refused calls made would be too.
    const held = (await harness.client.holdOrder({ store_id: mine.storeId, order_id: order.id })).order!;

    expect(held).toEqual({ ...order, status: 'on hold', updated_at: held.updated_at });
    const events = await waitForOrderEvents(harness, mine.storeId, order.id, 4);
    expect(events.map((event) => event.topic)).toEqual(['order/created', 'order/paid', 'order/shipped', 'order/on_hold']);
    expect(
      await harness.eventsOf('orders', { where: (event) => event.resource_id === order.id && event.store_id !== mine.storeId }),
    ).toEqual([]);
    expect(await harness.eventsOf('orders', { store_id: theirs.storeId })).toEqual([]);
    expect(await stockOf(harness, mine.storeId, mine.tea.variantId)).toEqual({ in_stock: 98, sold: 2 });
  });

  it('is not listed for the other store', async () => {
    await anOpenOrder(harness, theirs);

    const listed = await harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: theirs.storeId }));

    expect(listed.orders.map((candidate) => candidate.id)).not.toContain(order.id);
    expect(listed.total).toBe(1);
  });
});

describe('an order id the store does not have', () => {
  it.each(['GetOrder', 'ShipOrder', 'HoldOrder', 'OpenOrder', 'CancelOrder', 'UpdateFulfillment', 'GetOrderProducts', 'GetOrderVariants'])(
    '%s answers NOT_FOUND',
    async (rpc) => {
      const call = everyOrderRpc(mine.storeId, 987_654, 1).find(([name]) => name === rpc)![1];

      expect((await rejectionOf(call())).code).toBe(GrpcStatus.NOT_FOUND);
    },
  );
});

describe('a fulfillment', () => {
  it('of one order is NOT_FOUND under another order of the same store, and neither changes', async () => {
    const a = (
      await harness.client.shipOrder(
        orders.ShipOrderRequest.fromPartial({ store_id: mine.storeId, order_id: (await anOpenOrder(harness, mine)).id }),
      )
    ).order!;
    const b = (
      await harness.client.shipOrder(
        orders.ShipOrderRequest.fromPartial({ store_id: mine.storeId, order_id: (await anOpenOrder(harness, mine)).id }),
      )
    ).order!;

    const error = await rejectionOf(
      harness.client.updateFulfillment(
        orders.UpdateFulfillmentRequest.fromPartial({
          store_id: mine.storeId,
          order_id: b.id,
          fulfillment_id: a.fulfillments[0]!.id,
          tracking_number: 'STOLEN',
        }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
    expect(error.metadata).toEqual({ resource: 'fulfillment' });
    expect((await harness.client.getOrder({ store_id: mine.storeId, order_id: a.id })).order).toEqual(a);
    expect((await harness.client.getOrder({ store_id: mine.storeId, order_id: b.id })).order).toEqual(b);
    // A change of each afterwards: its event comes right after what the refused call would have published.
    for (const orderId of [a.id, b.id]) {
      await harness.client.openOrder({ store_id: mine.storeId, order_id: orderId });
      const events = await waitForOrderEvents(harness, mine.storeId, orderId, 4);
      expect(events.map((event) => [event.sequence, event.topic])).toEqual([
        [1, 'order/created'],
        [2, 'order/paid'],
        [3, 'order/shipped'],
        [4, 'order/opened'],
      ]);
    }
    expect(await harness.eventsOf('orders', { store_id: mine.storeId, topic: 'fulfillment/updated' })).toEqual([]);
  });

  it('of another store order is NOT_FOUND under an order of this store', async () => {
    const theirOrder = (
      await harness.client.shipOrder(
        orders.ShipOrderRequest.fromPartial({ store_id: theirs.storeId, order_id: (await anOpenOrder(harness, theirs)).id }),
      )
    ).order!;
    const myOrder = (
      await harness.client.shipOrder(
        orders.ShipOrderRequest.fromPartial({ store_id: mine.storeId, order_id: (await anOpenOrder(harness, mine)).id }),
      )
    ).order!;

    const error = await rejectionOf(
      harness.client.updateFulfillment(
        orders.UpdateFulfillmentRequest.fromPartial({
          store_id: mine.storeId,
          order_id: myOrder.id,
          fulfillment_id: theirOrder.fulfillments[0]!.id,
          tracking_number: 'STOLEN',
        }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
    expect((await harness.client.getOrder({ store_id: theirs.storeId, order_id: theirOrder.id })).order).toEqual(theirOrder);
  });
});

describe('a checkout', () => {
  it('keys are per store: the same key in two stores makes two orders', async () => {
    const key = `shared-key-${process.pid}`;

    const a = await anOpenOrder(harness, mine, { checkout_key: key });
    const b = await anOpenOrder(harness, theirs, { checkout_key: key });

    expect(a.id).not.toBe(b.id);
    expect(
      (await harness.client.getOrder({ store_id: theirs.storeId, order_id: b.id })).order!.items.map((item) => item.variant_id),
    ).toEqual([theirs.tea.variantId, theirs.mug.variantId]);
    expect(await orderEvents(harness, theirs.storeId, a.id)).toEqual([]);
  });
});
