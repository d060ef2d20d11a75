// The store's time zone, which every rendering of an order uses (answers' time_zone, events' timestamps):
// learned from the storefront (GetStore on a miss, then its store events).
import { presentOrder } from '@commerce/api-presenters';
import { orders, storefront } from '@commerce/contracts';
import { waitFor } from '@commerce/testing';
import { StoreZoneRepository, type StoreZoneDocument } from '@commerce/store-zones';
import { aShop, anOpenOrder, startOrdersHarness, waitForOrderEvents, type OrdersHarness } from './orders.fixture';

let harness: OrdersHarness;

beforeAll(async () => {
  harness = await startOrdersHarness();
});

afterAll(() => harness?.stop());

it('renders in the zone the store was created with', async () => {
  const shop = await aShop(harness, { timeZone: 'Asia/Tokyo' });

  const { order, time_zone } = await harness.client.createOrder(
    orders.CreateOrderRequest.fromPartial({
      store_id: shop.storeId,
      checkout_key: `tz-${process.pid}`,
      email: 'ada@example.com',
      address: { name: 'Ada', address_1: '1 Main St', city: 'Springfield', postal: '12345', country: 'US' },
      lines: [{ variant_id: shop.tea.variantId, quantity: 1 }],
      payment_token: 'tok_visa',
    }),
  );

  expect(time_zone).toBe('Asia/Tokyo');
  const events = await waitForOrderEvents(harness, shop.storeId, order!.id, 2);
  expect(events[1]!.resource).toEqual(presentOrder(order!, 'Asia/Tokyo'));
  expect(events[1]!.resource.paid_at).toMatch(/\+09:00$/);
});

it('follows a change of the store zone: answers and later events use the new zone', async () => {
  const shop = await aShop(harness, { timeZone: 'America/New_York' });
  const order = await anOpenOrder(harness, shop);
  expect((await harness.client.getOrder({ store_id: shop.storeId, order_id: order.id })).time_zone).toBe('America/New_York');

  await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: shop.storeId, time_zone: 'Asia/Kolkata' }));

  await waitFor(async () => (await harness.client.getOrder({ store_id: shop.storeId, order_id: order.id })).time_zone === 'Asia/Kolkata', {
    message: "GetOrder's time_zone to follow the store",
  });
  expect((await harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: shop.storeId }))).time_zone).toBe(
    'Asia/Kolkata',
  );
  const held = await harness.client.holdOrder({ store_id: shop.storeId, order_id: order.id });
  expect(held.time_zone).toBe('Asia/Kolkata');
  const events = await waitForOrderEvents(harness, shop.storeId, order.id, 3);
  expect(events[2]!.resource).toEqual(presentOrder(held.order!, 'Asia/Kolkata'));
  expect(events[2]!.resource.confirmed_at).toMatch(/\+05:30$/);
  expect(events[1]!.resource.confirmed_at).toMatch(/-0[45]:00$/);
});

it('follows a zone change made in the same second as the store version it first read from the storefront', async () => {
  // A store the zone projection has not seen yet (a checkout right after the store was created, before its
  // store/created event was consumed) is read from the storefront's GetStore; its next change must still win.
  // The projection's row of the store is removed to be in that state on purpose.
  const zones = harness.service.host.db.collection<StoreZoneDocument>(StoreZoneRepository.collection);
  const shop = await aShop(harness, { timeZone: 'America/New_York' });
  const zoneOf = async () => (await harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: shop.storeId }))).time_zone;
  const setZone = async (timeZone: string) =>
    (await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: shop.storeId, time_zone: timeZone }))).store!
      .updated_at!;

  let sameSecond = false;
  for (let attempt = 0; attempt < 5 && !sameSecond; attempt++) {
    // Start right after a second begins, so both changes below fall in it.
    await waitFor(() => Date.now() % 1000 < 100, { message: 'a second to begin' });
    const first = await setZone(attempt % 2 === 0 ? 'Europe/Paris' : 'Europe/Berlin');
    const firstZone = attempt % 2 === 0 ? 'Europe/Paris' : 'Europe/Berlin';
    await waitFor(async () => (await zoneOf()) === firstZone, { message: 'orders to see the first change' });
    await zones.deleteOne({ store_id: shop.storeId });
    expect(await zoneOf()).toBe(firstZone); // read from the storefront's GetStore
    const second = await setZone('Asia/Tokyo');
    sameSecond = Math.floor(first.getTime() / 1000) === Math.floor(second.getTime() / 1000);
    if (!sameSecond) await setZone('America/New_York');
  }
  expect(sameSecond).toBe(true);

  await waitFor(async () => (await zoneOf()) === 'Asia/Tokyo', { message: 'orders to follow the store to Asia/Tokyo' });
});
