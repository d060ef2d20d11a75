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

describe('validation: INVALID_ARGUMENT with every bad field named as the API spells it', () => {
  it('refuses a group without a name and with bad rates, and stores nothing', async () => {
    const storeId = aStoreId();
    const standard = await aClass(storeId);

    const error = await rejectionOf(
      harness.client.createShippingGroup(
        shipping.CreateShippingGroupRequest.fromPartial({
          store_id: storeId,
          name: '  ',
          rates: [groupRate(standard.id, -1, 100), groupRate(standard.id, 5, -2), groupRate(999_999, 1, 1), groupRate(0, 1, 1)],
        }),
      ),
    );

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      name: ["can't be blank"],
      'rates[0].first_item_in_cents': ['must be at least 0'],
      'rates[1].shipping_class_id': ['names a shipping class already given'],
      'rates[1].additional_item_in_cents': ['must be at least 0'],
      'rates[2].shipping_class_id': ['is not a shipping class of this store'],
      'rates[3].shipping_class_id': ['is required'],
    });
    expect((await harness.client.listShippingGroups({ store_id: storeId })).shipping_groups).toEqual([]);
    expect((await harness.client.listShippingClasses({ store_id: storeId })).shipping_classes).toEqual([standard]);
  });

  it('refuses a class with unknown countries and rates naming groups it does not have', async () => {
    const storeId = aStoreId();

    const error = await rejectionOf(
      harness.client.createShippingClass(
        shipping.CreateShippingClassRequest.fromPartial({
          store_id: storeId,
          name: '',
          countries: ['US', 'UK', 'usa'],
          rates: [classRate(888_888, 100, 0)],
        }),
      ),
    );

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({
      name: ["can't be blank"],
      countries: ['must be ISO 3166-1 alpha-2 country codes ("UK", "USA" are not)'],
      'rates[0].shipping_group_id': ['is not a shipping group of this store'],
    });
  });

  it('refuses an update with a bad field and leaves the record as it was', async () => {
    const storeId = aStoreId();
    const before = await aClass(storeId, { countries: ['US'] });

    const error = await rejectionOf(
      harness.client.updateShippingClass(
        shipping.UpdateShippingClassRequest.fromPartial({
          store_id: storeId,
          shipping_class_id: before.id,
          name: 'Fine',
          countries: { countries: ['ZZ'] },
        }),
      ),
    );

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ countries: ['must be ISO 3166-1 alpha-2 country codes ("ZZ" is not)'] });
    expect((await harness.client.getShippingClass({ store_id: storeId, shipping_class_id: before.id })).shipping_class).toEqual(before);
  });

  it('refuses a rename to a blank or overlong name', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId);
    const rename = (name: string) =>
      harness.client.updateShippingGroup(
        shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, name }),
      );

    expect((await rejectionOf(rename(''))).fieldViolations).toEqual({ name: ["can't be blank"] });
    expect((await rejectionOf(rename('x'.repeat(101)))).fieldViolations).toEqual({ name: ['must be at most 100 characters'] });
  });

  it('calls a group or class name of only zero-width or control characters blank, on create and rename', async () => {
    const storeId = aStoreId();
    const [group, cls] = [await aGroup(storeId), await aClass(storeId)];
    const invisible = '\u200b\u200c\u0007\ufeff';

    const refusals = [
      await rejectionOf(
        harness.client.createShippingGroup(shipping.CreateShippingGroupRequest.fromPartial({ store_id: storeId, name: invisible })),
      ),
      await rejectionOf(
        harness.client.createShippingClass(shipping.CreateShippingClassRequest.fromPartial({ store_id: storeId, name: invisible })),
      ),
      await rejectionOf(
        harness.client.updateShippingGroup(
          shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, name: invisible }),
        ),
      ),
      await rejectionOf(
        harness.client.updateShippingClass(
          shipping.UpdateShippingClassRequest.fromPartial({ store_id: storeId, shipping_class_id: cls.id, name: invisible }),
        ),
      ),
    ];

    for (const error of refusals)
      expect(error).toMatchObject({ code: status.INVALID_ARGUMENT, fieldViolations: { name: ["can't be blank"] } });
    expect((await harness.client.listShippingGroups({ store_id: storeId })).shipping_groups).toEqual([group]);
    expect((await harness.client.listShippingClasses({ store_id: storeId })).shipping_classes).toEqual([cls]);
  });

  it('refuses negative amounts and missing ids on UpdateShippingRate before asking anyone', async () => {
    const storeId = aStoreId();
    const [group, cls] = [await aGroup(storeId), await aClass(storeId)];

    const missing = await rejectionOf(
      harness.client.updateShippingRate({ store_id: storeId, shipping_group_id: 0, shipping_class_id: 0, first_item_in_cents: 1 }),
    );
    const negative = await rejectionOf(
      harness.client.updateShippingRate({
        store_id: storeId,
        shipping_group_id: group.id,
        shipping_class_id: cls.id,
        first_item_in_cents: -1,
        additional_item_in_cents: -2,
      }),
    );

    expect(missing.code).toBe(status.INVALID_ARGUMENT);
    expect(missing.fieldViolations).toEqual({ shipping_group_id: ['is required'], shipping_class_id: ['is required'] });
    // Catalog is not running in this file: a refusal on input does not depend on it.
    expect(negative.code).toBe(status.INVALID_ARGUMENT);
    expect(negative.fieldViolations).toEqual({
      first_item_in_cents: ['must be at least 0'],
      additional_item_in_cents: ['must be at least 0'],
    });
  });

  it('refuses DeleteShippingRate without both ids before asking anyone', async () => {
    const error = await rejectionOf(
      harness.client.deleteShippingRate({ store_id: aStoreId(), shipping_group_id: 0, shipping_class_id: 0 }),
    );

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ shipping_group_id: ['is required'], shipping_class_id: ['is required'] });
  });
});
