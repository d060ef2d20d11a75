import { status } from '@grpc/grpc-js';
import { rejectionOf } from '@commerce/testing';
import { aStoreId, fixtures, groupRate, startShippingHarness, type ShippingHarness } from './shipping.fixture';

// No catalog listens at the harness's catalog address: every question about a group's products fails
// as it does when catalog is down. Nothing that needs the answer may go ahead without it.
let harness: ShippingHarness;
const { aClass, aGroup } = fixtures(() => harness.client);

beforeAll(async () => {
  harness = await startShippingHarness();
});

afterAll(() => harness?.stop());

describe('while catalog cannot answer', () => {
  it('refuses to delete a group (UNAVAILABLE) and keeps it, announcing nothing', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId);

    const error = await rejectionOf(harness.client.deleteShippingGroup({ store_id: storeId, shipping_group_id: group.id }));

    expect(error.code).toBe(status.UNAVAILABLE);
    expect(error.message).toBe('Service unavailable');
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
    await harness.waitForEvents('shipping', 1, { store_id: storeId, topic: 'shipping_group/created' });
    expect(await harness.eventsOf('shipping', { store_id: storeId, topic: 'shipping_group/deleted' })).toEqual([]);
  });

  it('answers UNAVAILABLE for a shipping rate, whose products only catalog knows', async () => {
    const storeId = aStoreId();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });

    const error = await rejectionOf(
      harness.client.getShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id }),
    );

    expect(error.code).toBe(status.UNAVAILABLE);
  });

  it('refuses to change a shipping rate it could not answer in full, and changes nothing', async () => {
    const storeId = aStoreId();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });

    const error = await rejectionOf(
      harness.client.updateShippingRate({
        store_id: storeId,
        shipping_group_id: group.id,
        shipping_class_id: cls.id,
        first_item_in_cents: 900,
      }),
    );

    expect(error.code).toBe(status.UNAVAILABLE);
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group!.rates).toEqual([
      groupRate(cls.id, 500, 100),
    ]);
  });

  it('refuses to remove a shipping rate it could not answer in full, keeps it and announces nothing', async () => {
    const storeId = aStoreId();
    const cls = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(cls.id, 500, 100)] });

    const error = await rejectionOf(
      harness.client.deleteShippingRate({ store_id: storeId, shipping_group_id: group.id, shipping_class_id: cls.id }),
    );

    expect(error.code).toBe(status.UNAVAILABLE);
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
    await harness.waitForEvents('shipping', 1, { store_id: storeId, topic: 'shipping_class/updated' });
    expect(await harness.eventsOf('shipping', { store_id: storeId, topic: 'shipping_group/updated' })).toEqual([]);
  });

  it('still answers NOT_FOUND for an unknown group without asking catalog', async () => {
    const error = await rejectionOf(harness.client.deleteShippingGroup({ store_id: aStoreId(), shipping_group_id: 123_456_789 }));

    expect(error.code).toBe(status.NOT_FOUND);
  });
});
