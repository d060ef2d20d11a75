// The order state machine (docs/orders.md#statuses) through ShipOrder, HoldOrder, OpenOrder, CancelOrder and
// UpdateFulfillment: the answers, the refusals (code, ErrorInfo reason and metadata), catalog's stock after a
// cancel, and each change's event with the order (or fulfillment) as the API renders it.
import { presentFulfillment, presentOrder } from '@commerce/api-presenters';
import { orders } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import {
  aCheckout,
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
let shop: Shop;

beforeAll(async () => {
  harness = await startOrdersHarness();
  shop = await aShop(harness, { teaStock: 1_000, mugStock: 1_000 });
});

afterAll(() => harness?.stop());

const ZONE = 'America/New_York';

const ids = (orderId: number) => ({ store_id: shop.storeId, order_id: orderId });
const ship = (orderId: number, request: Partial<orders.ShipOrderRequest> = {}) =>
  harness.client.shipOrder(orders.ShipOrderRequest.fromPartial({ ...ids(orderId), ...request }));
const hold = (orderId: number) => harness.client.holdOrder(ids(orderId));
const reopen = (orderId: number) => harness.client.openOrder(ids(orderId));
const cancel = (orderId: number) => harness.client.cancelOrder(ids(orderId));
const current = async (orderId: number) => (await harness.client.getOrder(ids(orderId))).order!;

/** An open order of 2 teas and 1 mug: two items. */
const anOrder = () => anOpenOrder(harness, shop);

/** An open order with its first item shipped and its second not. */
async function aPartiallyShippedOrder(): Promise<orders.Order> {
  const order = await anOrder();
  return (await ship(order.id, { item_ids: [order.items[0]!.id] })).order!;
}

/** Expects the call to be refused as an illegal transition from `status`. */
async function expectIllegal(call: Promise<unknown>, action: string, status: string): Promise<void> {
  const error = await rejectionOf(call);
  expect({ code: error.code, reason: error.reason, metadata: error.metadata }).toEqual({
    code: GrpcStatus.FAILED_PRECONDITION,
    reason: 'ILLEGAL_TRANSITION',
    metadata: { status, action },
  });
  expect(error.message).toContain(status);
}

/** The event the change published, waited for by its sequence (created 1, paid 2, then one per change). */
async function eventAt(orderId: number, sequence: number) {
  const events = await waitForOrderEvents(harness, shop.storeId, orderId, sequence);
  return events[sequence - 1]!;
}

describe('ShipOrder', () => {
  it('ships every item when none is named: shipped, fulfilled_at, one fulfillment with every item', async () => {
    const order = await anOrder();

    const answer = await ship(order.id, {
      tracking_number: '1Z999',
      shipping_company: 'UPS',
      notify_customer: true,
      note_to_customer: 'On its way',
    });

    const { order: shipped, fulfillment } = answer;
    expect(answer.time_zone).toBe(ZONE);
    expect(shipped!.status).toBe('shipped');
    expect(shipped!.fulfilled_at).toBeInstanceOf(Date);
    expect(fulfillment).toEqual({
      id: expect.any(Number),
      order_id: order.id,
      item_ids: order.items.map((item) => item.id),
      tracking_number: '1Z999',
      shipping_company: 'UPS',
      note_to_customer: 'On its way',
      notify_customer: true,
      created_at: shipped!.fulfilled_at,
      updated_at: shipped!.fulfilled_at,
    });
    expect(shipped!.fulfillments).toEqual([fulfillment]);
    expect(shipped!.items.map((item) => [item.fulfillment_id, item.fulfilled_at])).toEqual([
      [fulfillment!.id, shipped!.fulfilled_at],
      [fulfillment!.id, shipped!.fulfilled_at],
    ]);
    expect(await current(order.id)).toEqual(shipped);
  });

  it('ships the items named: Partially Shipped, then shipped once the rest goes in a second fulfillment', async () => {
    const order = await anOrder();
    const [first, second] = order.items.map((item) => item.id) as [number, number];

    const partial = await ship(order.id, { item_ids: [first], tracking_number: 'A1' });
    const rest = await ship(order.id, { item_ids: [second], tracking_number: 'B2' });

    expect(partial.order).toMatchObject({ status: 'Partially Shipped', fulfilled_at: undefined });
    expect(partial.fulfillment!.item_ids).toEqual([first]);
    expect(partial.order!.items.map((item) => item.fulfillment_id)).toEqual([partial.fulfillment!.id, undefined]);
    expect(rest.order!.status).toBe('shipped');
    expect(rest.order!.fulfilled_at).toBeInstanceOf(Date);
    expect(rest.fulfillment!.item_ids).toEqual([second]);
    expect(rest.fulfillment!.id).not.toBe(partial.fulfillment!.id);
    expect(rest.order!.fulfillments.map((fulfillment) => [fulfillment.id, fulfillment.item_ids, fulfillment.tracking_number])).toEqual([
      [partial.fulfillment!.id, [first], 'A1'],
      [rest.fulfillment!.id, [second], 'B2'],
    ]);
  });

  it('ships what is left of a Partially Shipped order when no item is named', async () => {
    const partial = await aPartiallyShippedOrder();

    const { order, fulfillment } = await ship(partial.id);

    expect(order!.status).toBe('shipped');
    expect(fulfillment!.item_ids).toEqual([partial.items[1]!.id]);
  });

  it('refuses an item already shipped, and one of another order, as INVALID_ARGUMENT on items, changing nothing', async () => {
    const partial = await aPartiallyShippedOrder();
    const other = await anOrder();

    const shippedAgain = await rejectionOf(ship(partial.id, { item_ids: [partial.items[0]!.id] }));
    const foreign = await rejectionOf(ship(partial.id, { item_ids: [partial.items[1]!.id, other.items[0]!.id] }));

    expect(shippedAgain.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(shippedAgain.fieldViolations).toEqual({ items: [`${partial.items[0]!.id} is shipped already`] });
    expect(foreign.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(foreign.fieldViolations).toEqual({ items: [`${other.items[0]!.id} is not an item of this order`] });
    expect(await current(partial.id)).toEqual(partial);
    expect(await current(other.id)).toEqual(other);
  });

  it('refuses tracking fields past their limits as INVALID_ARGUMENT naming each, changing nothing', async () => {
    const order = await anOrder();

    const refused = await rejectionOf(ship(order.id, { tracking_number: '1'.repeat(201), note_to_customer: 'n'.repeat(65_535) }));

    expect(refused.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(refused.fieldViolations).toEqual({
      tracking_number: ['is too long (maximum is 200 characters)'],
      note_to_customer: ['is too long (maximum is 2000 characters)'],
    });
    expect(await current(order.id)).toEqual(order);
  });

  it('refuses to ship an order on hold or shipped: ILLEGAL_TRANSITION naming the status', async () => {
    const held = (await hold((await anOrder()).id)).order!;
    const shipped = (await ship((await anOrder()).id)).order!;

    await expectIllegal(ship(held.id), 'ship', 'on hold');
    await expectIllegal(ship(shipped.id), 'ship', 'shipped');
    expect(await current(held.id)).toEqual(held);
    expect(await current(shipped.id)).toEqual(shipped);
  });

  it('refuses to ship a failed or canceled order: ILLEGAL_TRANSITION naming the status', async () => {
    const failed = Number(
      (await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_chargeDeclined' })))).metadata!.order_id,
    );
    const canceled = (await cancel((await anOrder()).id)).order!;

    await expectIllegal(ship(failed), 'ship', 'failed');
    await expectIllegal(ship(canceled.id), 'ship', 'canceled');
  });

  it('answers NOTHING_TO_SHIP for a reopened order whose every item is shipped', async () => {
    const shipped = (await ship((await anOrder()).id)).order!;
    await reopen(shipped.id);

    const error = await rejectionOf(ship(shipped.id));

    expect({ code: error.code, reason: error.reason }).toEqual({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'NOTHING_TO_SHIP' });
  });

  it('publishes order/shipped for each shipment with the order as rendered', async () => {
    const order = await anOrder();
    const partial = await ship(order.id, { item_ids: [order.items[0]!.id] });
    const rest = await ship(order.id);

    const events = await waitForOrderEvents(harness, shop.storeId, order.id, 4);

    expect(events.map((event) => [event.topic, event.sequence])).toEqual([
      ['order/created', 1],
      ['order/paid', 2],
      ['order/shipped', 3],
      ['order/shipped', 4],
    ]);
    expect(events[2]!.resource).toEqual(presentOrder(partial.order!, ZONE));
    expect(events[3]!.resource).toEqual(presentOrder(rest.order!, ZONE));
    expect(events[2]!.resource.status).toBe('Partially Shipped');
  });
});

describe('HoldOrder', () => {
  it('puts an open order on hold, publishing order/on_hold', async () => {
    const order = await anOrder();

    const answer = await hold(order.id);

    expect(answer.time_zone).toBe(ZONE);
    expect(answer.order).toEqual({ ...order, status: 'on hold', updated_at: expect.any(Date) });
    expect(answer.order!.updated_at!.getTime()).toBeGreaterThanOrEqual(order.updated_at!.getTime());
    const event = await eventAt(order.id, 3);
    expect(event.topic).toBe('order/on_hold');
    expect(event.resource).toEqual(presentOrder(answer.order!, ZONE));
  });

  it('puts a Partially Shipped order on hold; opened again it reads Partially Shipped', async () => {
    const partial = await aPartiallyShippedOrder();

    const held = (await hold(partial.id)).order!;
    const opened = (await reopen(partial.id)).order!;

    expect(held.status).toBe('on hold');
    expect(held.items).toEqual(partial.items);
    expect(opened.status).toBe('Partially Shipped');
  });

  it('refuses an order already on hold, shipped or canceled', async () => {
    const held = (await hold((await anOrder()).id)).order!;
    const shipped = (await ship((await anOrder()).id)).order!;
    const canceled = (await cancel((await anOrder()).id)).order!;

    await expectIllegal(hold(held.id), 'hold', 'on hold');
    await expectIllegal(hold(shipped.id), 'hold', 'shipped');
    await expectIllegal(hold(canceled.id), 'hold', 'canceled');
  });
});

describe('OpenOrder', () => {
  it('opens an order on hold, publishing order/opened', async () => {
    const order = await anOrder();
    await hold(order.id);

    const answer = await reopen(order.id);

    expect(answer.order).toEqual({ ...order, updated_at: expect.any(Date) });
    const event = await eventAt(order.id, 4);
    expect(event.topic).toBe('order/opened');
    expect(event.resource).toEqual(presentOrder(answer.order!, ZONE));
  });

  it('opens a shipped order: fulfilled_at cleared, its items keep theirs and the fulfillments stay', async () => {
    const shipped = (await ship((await anOrder()).id)).order!;

    const opened = (await reopen(shipped.id)).order!;

    expect(opened.status).toBe('open');
    expect(opened.fulfilled_at).toBeUndefined();
    expect(opened.items).toEqual(shipped.items);
    expect(opened.items.every((item) => item.fulfilled_at instanceof Date)).toBe(true);
    expect(opened.fulfillments).toEqual(shipped.fulfillments);
  });

  it('refuses an open, Partially Shipped or canceled order', async () => {
    const open = await anOrder();
    const partial = await aPartiallyShippedOrder();
    const canceled = (await cancel((await anOrder()).id)).order!;

    await expectIllegal(reopen(open.id), 'open', 'open');
    await expectIllegal(reopen(partial.id), 'open', 'Partially Shipped');
    await expectIllegal(reopen(canceled.id), 'open', 'canceled');
  });
});

describe('CancelOrder', () => {
  it('cancels an open order, refunding what was paid, and gives its stock back to catalog, publishing order/canceled', async () => {
    const before = {
      tea: await stockOf(harness, shop.storeId, shop.tea.variantId),
      mug: await stockOf(harness, shop.storeId, shop.mug.variantId),
    };
    const order = await anOrder();
    expect(await stockOf(harness, shop.storeId, shop.tea.variantId)).toEqual({
      in_stock: before.tea.in_stock - 2,
      sold: before.tea.sold + 2,
    });

    const answer = await cancel(order.id);

    expect(answer.time_zone).toBe(ZONE);
    expect(answer.order).toEqual({
      ...order,
      status: 'canceled',
      updated_at: expect.any(Date),
      financial_status: 'refunded',
      refunded: order.total,
      refunds: [expect.objectContaining({ amount: order.total, status: 'succeeded', note: 'Order canceled' })],
    });
    expect(await stockOf(harness, shop.storeId, shop.tea.variantId)).toEqual(before.tea);
    expect(await stockOf(harness, shop.storeId, shop.mug.variantId)).toEqual(before.mug);
    // The refund's write (order/updated) is 3, the cancel's 4.
    const event = await eventAt(order.id, 4);
    expect(event.topic).toBe('order/canceled');
    expect(event.resource).toEqual(presentOrder(answer.order!, ZONE));
  });

  it('cancels an order on hold, giving its stock back', async () => {
    const before = await stockOf(harness, shop.storeId, shop.mug.variantId);
    const order = await anOrder();
    await hold(order.id);

    expect((await cancel(order.id)).order!.status).toBe('canceled');
    expect(await stockOf(harness, shop.storeId, shop.mug.variantId)).toEqual(before);
  });

  it('refuses once an item shipped (Partially Shipped, shipped, reopened after shipping, held after a partial ship)', async () => {
    const partial = await aPartiallyShippedOrder();
    const shipped = (await ship((await anOrder()).id)).order!;
    const reopened = (await ship((await anOrder()).id)).order!;
    await reopen(reopened.id);
    const heldPartial = await aPartiallyShippedOrder();
    await hold(heldPartial.id);
    const stockBefore = await stockOf(harness, shop.storeId, shop.tea.variantId);

    await expectIllegal(cancel(partial.id), 'cancel', 'Partially Shipped');
    await expectIllegal(cancel(shipped.id), 'cancel', 'shipped');
    await expectIllegal(cancel(reopened.id), 'cancel', 'open');
    await expectIllegal(cancel(heldPartial.id), 'cancel', 'on hold');
    expect((await current(partial.id)).status).toBe('Partially Shipped');
    expect(await stockOf(harness, shop.storeId, shop.tea.variantId)).toEqual(stockBefore);
  });

  it('refuses a canceled order, and gives its stock back only once', async () => {
    const before = await stockOf(harness, shop.storeId, shop.tea.variantId);
    const order = await anOrder();
    await cancel(order.id);

    await expectIllegal(cancel(order.id), 'cancel', 'canceled');
    expect(await stockOf(harness, shop.storeId, shop.tea.variantId)).toEqual(before);
  });
});

describe('UpdateFulfillment', () => {
  it('changes only the fields given, and publishes fulfillment/updated with the fulfillment as rendered', async () => {
    const order = await anOrder();
    const shipped = await ship(order.id, {
      tracking_number: 'OLD',
      shipping_company: 'UPS',
      note_to_customer: 'Thanks',
      notify_customer: true,
    });
    const fulfillmentId = shipped.fulfillment!.id;

    const answer = await harness.client.updateFulfillment(
      orders.UpdateFulfillmentRequest.fromPartial({ ...ids(order.id), fulfillment_id: fulfillmentId, tracking_number: 'NEW' }),
    );

    expect(answer.time_zone).toBe(ZONE);
    expect(answer.fulfillment).toEqual({ ...shipped.fulfillment, tracking_number: 'NEW', updated_at: expect.any(Date) });
    expect(answer.fulfillment!.updated_at!.getTime()).toBeGreaterThanOrEqual(shipped.fulfillment!.updated_at!.getTime());
    expect(answer.order!.fulfillments).toEqual([answer.fulfillment]);
    expect(answer.order!.status).toBe('shipped');
    expect(await current(order.id)).toEqual(answer.order);

    const events = await harness.waitForEvents('orders', 1, {
      store_id: shop.storeId,
      topic: 'fulfillment/updated',
      where: (event) => event.resource_id === fulfillmentId,
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.resource_type).toBe('fulfillment');
    expect(events[0]!.sequence).toBe(4);
    expect(events[0]!.resource).toEqual(presentFulfillment(answer.fulfillment!, answer.order!, ZONE));
  });

  it('clears a field given empty and keeps those not given', async () => {
    const order = await anOrder();
    const shipped = await ship(order.id, { tracking_number: 'T1', shipping_company: 'UPS', note_to_customer: 'Thanks' });

    const answer = await harness.client.updateFulfillment(
      orders.UpdateFulfillmentRequest.fromPartial({
        ...ids(order.id),
        fulfillment_id: shipped.fulfillment!.id,
        shipping_company: 'DHL',
        note_to_customer: '',
      }),
    );

    expect(answer.fulfillment).toMatchObject({ tracking_number: 'T1', shipping_company: 'DHL', note_to_customer: '' });
  });

  it('refuses a field past its limit, changing nothing', async () => {
    const order = await anOrder();
    const shipped = (await ship(order.id, { tracking_number: 'T1' })).order!;

    const refused = await rejectionOf(
      harness.client.updateFulfillment(
        orders.UpdateFulfillmentRequest.fromPartial({
          ...ids(order.id),
          fulfillment_id: shipped.fulfillments[0]!.id,
          shipping_company: 'c'.repeat(201),
        }),
      ),
    );

    expect(refused.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(refused.fieldViolations).toEqual({ shipping_company: ['is too long (maximum is 200 characters)'] });
    expect(await current(order.id)).toEqual(shipped);
  });

  it('answers NOT_FOUND for a fulfillment of another order, changing neither', async () => {
    const a = await anOrder();
    const b = await anOrder();
    const shippedA = (await ship(a.id)).order!;
    const shippedB = (await ship(b.id)).order!;

    const error = await rejectionOf(
      harness.client.updateFulfillment(
        orders.UpdateFulfillmentRequest.fromPartial({ ...ids(b.id), fulfillment_id: shippedA.fulfillments[0]!.id, tracking_number: 'X' }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
    expect(await current(a.id)).toEqual(shippedA);
    expect(await current(b.id)).toEqual(shippedB);
  });
});

describe('every change', () => {
  it('publishes its own topic, in the order the changes were made', async () => {
    const order = await anOrder();
    await hold(order.id);
    await reopen(order.id);
    await ship(order.id, { item_ids: [order.items[0]!.id] });
    await hold(order.id);
    await reopen(order.id);
    await ship(order.id);
    await reopen(order.id);

    const events = await waitForOrderEvents(harness, shop.storeId, order.id, 9);

    expect(events.map((event) => [event.sequence, event.topic, event.resource.status])).toEqual([
      [1, 'order/created', 'pending'],
      [2, 'order/paid', 'open'],
      [3, 'order/on_hold', 'on hold'],
      [4, 'order/opened', 'open'],
      [5, 'order/shipped', 'Partially Shipped'],
      [6, 'order/on_hold', 'on hold'],
      [7, 'order/opened', 'Partially Shipped'],
      [8, 'order/shipped', 'shipped'],
      [9, 'order/opened', 'open'],
    ]);
    expect(events[8]!.resource).toEqual(presentOrder(await current(order.id), ZONE));
  });

  it('publishes nothing when refused', async () => {
    const order = await anOrder();
    await expectIllegal(reopen(order.id), 'open', 'open');
    await hold(order.id);

    await waitForOrderEvents(harness, shop.storeId, order.id, 3);

    expect((await orderEvents(harness, shop.storeId, order.id)).map((event) => event.topic)).toEqual([
      'order/created',
      'order/paid',
      'order/on_hold',
    ]);
  });
});
