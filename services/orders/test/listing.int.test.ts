// ListOrders (docs/orders.md#listing, orders.proto): newest first, the status filters (open includes Partially Shipped,
// not on hold), older_than_id, updated_at_min/max, page and limit with their defaults and clamping, and the
// total and current_max_id the gateway pages with.
import { orders } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { aCheckout, aShop, anOpenOrder, startOrdersHarness, type OrdersHarness, type Shop } from './orders.fixture';

let harness: OrdersHarness;
let shop: Shop;
/** The shop's orders by what became of them, placed in this order (ids ascending). */
let placed: { open: number; shipped: number; held: number; partial: number; canceled: number; failed: number; latest: number };
/** Every order as GetOrder answers it after the setup, newest first. */
let all: orders.Order[];

const list = (request: Partial<orders.ListOrdersRequest> = {}) =>
  harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: shop.storeId, ...request }));
const idsOf = (answer: orders.ListOrdersResponse) => answer.orders.map((order) => order.id);

beforeAll(async () => {
  harness = await startOrdersHarness();
  shop = await aShop(harness, { teaStock: 100, mugStock: 100 });
  const ids = { store_id: shop.storeId };
  const open = (await anOpenOrder(harness, shop)).id;
  const shipped = (await anOpenOrder(harness, shop)).id;
  await harness.client.shipOrder(orders.ShipOrderRequest.fromPartial({ ...ids, order_id: shipped }));
  const held = (await anOpenOrder(harness, shop)).id;
  await harness.client.holdOrder({ ...ids, order_id: held });
  const partialOrder = await anOpenOrder(harness, shop);
  await harness.client.shipOrder(
    orders.ShipOrderRequest.fromPartial({ ...ids, order_id: partialOrder.id, item_ids: [partialOrder.items[0]!.id] }),
  );
  const canceled = (await anOpenOrder(harness, shop)).id;
  await harness.client.cancelOrder({ ...ids, order_id: canceled });
  const declined = await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_chargeDeclined' })));
  const failed = Number(declined.metadata!.order_id);
  const latest = (await anOpenOrder(harness, shop)).id;
  // The oldest order changes last: its updated_at is the newest of all.
  await harness.client.holdOrder({ ...ids, order_id: open });
  await harness.client.openOrder({ ...ids, order_id: open });
  placed = { open, shipped, held, partial: partialOrder.id, canceled, failed, latest };
  all = [];
  for (const orderId of [latest, failed, canceled, partialOrder.id, held, shipped, open])
    all.push((await harness.client.getOrder({ ...ids, order_id: orderId })).order!);
});

afterAll(() => harness?.stop());

describe('ListOrders', () => {
  it('answers every order of the store, newest first, with the store zone, total and highest id', async () => {
    const answer = await list();

    expect(answer).toEqual({ orders: all, total: 7, page: 1, limit: 50, current_max_id: placed.latest, time_zone: 'America/New_York' });
    expect(all.map((order) => order.status)).toEqual(['open', 'failed', 'canceled', 'Partially Shipped', 'on hold', 'shipped', 'open']);
  });

  it('filters by status: open includes Partially Shipped and leaves on hold out', async () => {
    const open = await list({ status: 'open' });

    expect(idsOf(open)).toEqual([placed.latest, placed.partial, placed.open]);
    expect(open.total).toBe(3);
    expect(open.current_max_id).toBe(placed.latest);
  });

  it.each([
    ['on hold', 'held'],
    ['on_hold', 'held'],
    [' ON HOLD ', 'held'],
    ['shipped', 'shipped'],
    ['canceled', 'canceled'],
    ['failed', 'failed'],
  ] as const)('filters by status %p', async (status, which) => {
    const answer = await list({ status });

    expect(idsOf(answer)).toEqual([placed[which]]);
    expect(answer.total).toBe(1);
    expect(answer.current_max_id).toBe(placed[which]);
  });

  it('answers an empty page with total 0 and current_max_id 0 for a status no order has', async () => {
    expect(await list({ status: 'pending' })).toMatchObject({ orders: [], total: 0, current_max_id: 0 });
  });

  it.each(['paid', 'Partially Shipped', 'opened'])('refuses the status filter %p: INVALID_ARGUMENT on status', async (status) => {
    const error = await rejectionOf(list({ status }));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(Object.keys(error.fieldViolations ?? {})).toEqual(['status']);
  });

  it('answers only ids below older_than_id, counting only those', async () => {
    const older = await list({ older_than_id: placed.partial });
    const olderOpen = await list({ older_than_id: placed.partial, status: 'open' });

    expect(idsOf(older)).toEqual([placed.held, placed.shipped, placed.open]);
    expect(older).toMatchObject({ total: 3, current_max_id: placed.held });
    expect(idsOf(olderOpen)).toEqual([placed.open]);
    expect(olderOpen).toMatchObject({ total: 1, current_max_id: placed.open });
  });

  it('answers only orders updated at or after updated_at_min and at or before updated_at_max', async () => {
    const newest = all.find((order) => order.id === placed.open)!.updated_at!;
    const partialUpdated = all.find((order) => order.id === placed.partial)!.updated_at!;
    const since = all.filter((order) => order.updated_at!.getTime() >= partialUpdated.getTime()).map((order) => order.id);
    const until = all.filter((order) => order.updated_at!.getTime() <= partialUpdated.getTime()).map((order) => order.id);

    const fromMin = await list({ updated_at_min: partialUpdated });
    const toMax = await list({ updated_at_max: partialUpdated });
    const onlyNewest = await list({ updated_at_min: newest, updated_at_max: newest });

    expect(since).toContain(placed.open);
    expect(since).not.toContain(placed.held);
    expect(idsOf(fromMin)).toEqual(since);
    expect(fromMin.total).toBe(since.length);
    expect(idsOf(toMax)).toEqual(until);
    expect(until).not.toContain(placed.open);
    expect(idsOf(onlyNewest)).toEqual([placed.open]);
    expect(onlyNewest).toMatchObject({ total: 1, current_max_id: placed.open });
  });

  it('pages after the filters: page 2 of limit 2 skips the two newest, total and current_max_id stay those of the whole', async () => {
    const second = await list({ page: 2, limit: 2 });
    const last = await list({ page: 4, limit: 2 });
    const beyond = await list({ page: 9, limit: 2 });

    expect(idsOf(second)).toEqual([placed.canceled, placed.partial]);
    expect(second).toMatchObject({ page: 2, limit: 2, total: 7, current_max_id: placed.latest });
    expect(idsOf(last)).toEqual([placed.open]);
    expect(beyond).toMatchObject({ orders: [], page: 9, total: 7, current_max_id: placed.latest });
  });

  it('takes no limit as 50, clamps a limit above 250 to 250 and below 1 to 1, and page 0 as 1', async () => {
    expect(await list({})).toMatchObject({ limit: 50, page: 1 });
    expect(await list({ limit: 0 })).toMatchObject({ limit: 1 });
    expect(await list({ limit: 1_000 })).toMatchObject({ limit: 250 });
    const one = await list({ limit: -3 });
    expect(one).toMatchObject({ limit: 1, total: 7 });
    expect(idsOf(one)).toEqual([placed.latest]);
    expect(await list({ page: 0, limit: 1 })).toMatchObject({ page: 1 });
    expect(await list({ page: -2, limit: 1 })).toMatchObject({ page: 1 });
  });
});
