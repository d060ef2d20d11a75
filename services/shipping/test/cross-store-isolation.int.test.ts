import { status } from '@grpc/grpc-js';
import { shipping } from '@commerce/contracts';
import { rejectionOf } from '@commerce/testing';
import { aStoreId, classRate, fixtures, groupRate, startShippingHarness, type ShippingHarness } from './shipping.fixture';

let harness: ShippingHarness;
const { aClass, aGroup } = fixtures(() => harness.client);

beforeAll(async () => {
  harness = await startShippingHarness();
});

afterAll(() => harness?.stop());

describe("another store's records", () => {
  let owner: number;
  let intruder: number;
  let group: shipping.ShippingGroup;
  let cls: shipping.ShippingClass;

  beforeAll(async () => {
    [owner, intruder] = [aStoreId(), aStoreId()];
    cls = await aClass(owner, { countries: ['US'] });
    group = await aGroup(owner, { rates: [groupRate(cls.id, 500, 100)] });
  });

  it('are NOT_FOUND to read, change or delete', async () => {
    const calls = [
      harness.client.getShippingGroup({ store_id: intruder, shipping_group_id: group.id }),
      harness.client.updateShippingGroup(
        shipping.UpdateShippingGroupRequest.fromPartial({ store_id: intruder, shipping_group_id: group.id, name: 'Mine' }),
      ),
      harness.client.deleteShippingGroup({ store_id: intruder, shipping_group_id: group.id }),
      harness.client.getShippingClass({ store_id: intruder, shipping_class_id: cls.id }),
      harness.client.updateShippingClass(
        shipping.UpdateShippingClassRequest.fromPartial({ store_id: intruder, shipping_class_id: cls.id, name: 'Mine' }),
      ),
      harness.client.deleteShippingClass({ store_id: intruder, shipping_class_id: cls.id }),
      harness.client.getShippingRate({ store_id: intruder, shipping_group_id: group.id, shipping_class_id: cls.id }),
      harness.client.updateShippingRate({
        store_id: intruder,
        shipping_group_id: group.id,
        shipping_class_id: cls.id,
        first_item_in_cents: 1,
      }),
      harness.client.deleteShippingRate({ store_id: intruder, shipping_group_id: group.id, shipping_class_id: cls.id }),
    ];

    const errors = await Promise.all(calls.map(rejectionOf));

    expect(errors.map((error) => error.code)).toEqual(calls.map(() => status.NOT_FOUND));
  });

  it('are NOT_FOUND on the rate also when only one end is foreign', async () => {
    const ownClass = await aClass(intruder);

    const error = await rejectionOf(
      harness.client.getShippingRate({ store_id: intruder, shipping_group_id: group.id, shipping_class_id: ownClass.id }),
    );

    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.message).toBe('Shipping group not found');
    const removal = await rejectionOf(
      harness.client.deleteShippingRate({ store_id: intruder, shipping_group_id: group.id, shipping_class_id: ownClass.id }),
    );
    expect(removal.code).toBe(status.NOT_FOUND);
  });

  it('cannot be named in rates', async () => {
    const createGroup = harness.client.createShippingGroup(
      shipping.CreateShippingGroupRequest.fromPartial({ store_id: intruder, name: 'Mine', rates: [groupRate(cls.id, 1, 1)] }),
    );
    const createClass = harness.client.createShippingClass(
      shipping.CreateShippingClassRequest.fromPartial({ store_id: intruder, name: 'Mine', rates: [classRate(group.id, 1, 1)] }),
    );

    const [groupError, classError] = await Promise.all([rejectionOf(createGroup), rejectionOf(createClass)]);

    expect(groupError.fieldViolations).toEqual({ 'rates[0].shipping_class_id': ['is not a shipping class of this store'] });
    expect(classError.fieldViolations).toEqual({ 'rates[0].shipping_group_id': ['is not a shipping group of this store'] });
  });

  it('never show up in lists, quotes or the default group', async () => {
    expect((await harness.client.listShippingGroups({ store_id: intruder })).shipping_groups.map((g) => g.id)).not.toContain(group.id);
    expect((await harness.client.listShippingClasses({ store_id: intruder })).shipping_classes.map((c) => c.id)).not.toContain(cls.id);
    expect((await harness.client.getDefaultShippingGroup({ store_id: intruder })).shipping_group).toBeUndefined();
    const quote = await harness.client.quoteShipping({
      store_id: intruder,
      country: 'US',
      lines: [{ product_id: 1, shipping_group_id: group.id, quantity: 1 }],
    });
    expect(quote).toEqual({ ships_to_destination: false, quotes: [] });
  });

  it('are left untouched by all of the above', async () => {
    expect((await harness.client.getShippingGroup({ store_id: owner, shipping_group_id: group.id })).shipping_group).toEqual(group);
    expect((await harness.client.getShippingClass({ store_id: owner, shipping_class_id: cls.id })).shipping_class).toEqual({
      ...cls,
      rates: [classRate(group.id, 500, 100)],
      updated_at: expect.any(Date),
    });
  });
});
