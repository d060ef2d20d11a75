import { status } from '@grpc/grpc-js';
import { shipping } from '@commerce/contracts';
import { rejectionOf } from '@commerce/testing';
import { aStoreId, fixtures, groupRate, startShippingHarness, type ShippingHarness } from './shipping.fixture';

let harness: ShippingHarness;
const { aClass, aGroup } = fixtures(() => harness.client);

beforeAll(async () => {
  harness = await startShippingHarness();
});

afterAll(() => harness?.stop());

const update = (
  store_id: number,
  shipping_group_id: number,
  changes: Omit<Partial<shipping.UpdateShippingGroupRequest>, 'store_id' | 'shipping_group_id'>,
) => harness.client.updateShippingGroup(shipping.UpdateShippingGroupRequest.fromPartial({ store_id, shipping_group_id, ...changes }));

describe('CreateShippingGroup', () => {
  it('creates a group with its rates ordered by class, trimmed name, timestamps set', async () => {
    const storeId = aStoreId();
    const express = await aClass(storeId, { name: 'Express' });
    const standard = await aClass(storeId, { name: 'Standard' });

    const group = await aGroup(storeId, {
      name: '  Posters ',
      rates: [groupRate(standard.id, 500, 200), groupRate(express.id, 1500, 700)],
    });

    expect(group).toEqual({
      id: expect.any(Number),
      name: 'Posters',
      rates: [groupRate(express.id, 1500, 700), groupRate(standard.id, 500, 200)],
      created_at: expect.any(Date),
      updated_at: group.created_at,
    });
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
  });

  it('shows the new rates on each class too', async () => {
    const storeId = aStoreId();
    const standard = await aClass(storeId);

    const group = await aGroup(storeId, { rates: [groupRate(standard.id, 450, 100)] });

    const { shipping_class } = await harness.client.getShippingClass({ store_id: storeId, shipping_class_id: standard.id });
    expect(shipping_class!.rates).toEqual([{ shipping_group_id: group.id, first_item_in_cents: 450, additional_item_in_cents: 100 }]);
  });

  it('gives every group its own id, unique across stores', async () => {
    const [a, b] = [aStoreId(), aStoreId()];
    const groups = await Promise.all([aGroup(a), aGroup(b), aGroup(a), aGroup(b)]);

    expect(new Set(groups.map((group) => group.id)).size).toBe(4);
  });
});

describe('ListShippingGroups and GetShippingGroup', () => {
  it('lists only the store own groups, by id', async () => {
    const [storeId, other] = [aStoreId(), aStoreId()];
    const first = await aGroup(storeId, { name: 'A' });
    await aGroup(other, { name: 'Elsewhere' });
    const second = await aGroup(storeId, { name: 'B' });

    const { shipping_groups } = await harness.client.listShippingGroups({ store_id: storeId });

    expect(shipping_groups).toEqual([first, second]);
  });

  it('answers an empty list for a store without groups', async () => {
    expect(await harness.client.listShippingGroups({ store_id: aStoreId() })).toEqual({ shipping_groups: [] });
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await rejectionOf(harness.client.getShippingGroup({ store_id: aStoreId(), shipping_group_id: 987_654 }));

    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.message).toBe('Shipping group not found');
  });

  it('refuses a request that names no store', async () => {
    const error = await rejectionOf(harness.client.listShippingGroups({ store_id: 0 }));

    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ store_id: ['is required'] });
  });
});

describe('UpdateShippingGroup', () => {
  it('renames and leaves the rates alone when none are given', async () => {
    const storeId = aStoreId();
    const standard = await aClass(storeId);
    const before = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100)] });

    const { shipping_group } = await update(storeId, before.id, { name: 'Large posters' });

    expect(shipping_group).toEqual({ ...before, name: 'Large posters', updated_at: expect.any(Date) });
    expect(shipping_group!.updated_at!.getTime()).toBeGreaterThanOrEqual(before.updated_at!.getTime());
  });

  it('upserts the classes named and keeps the rate of every class left out', async () => {
    const storeId = aStoreId();
    const [standard, express, economy] = [
      await aClass(storeId),
      await aClass(storeId, { name: 'Express' }),
      await aClass(storeId, { name: 'Economy' }),
    ];
    const before = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100), groupRate(express.id, 1500, 500)] });

    const { shipping_group } = await update(storeId, before.id, {
      rates: { rates: [groupRate(economy.id, 300, 50), groupRate(standard.id, 600, 100)] },
    });

    expect(shipping_group!.rates).toEqual([
      groupRate(standard.id, 600, 100),
      groupRate(express.id, 1500, 500),
      groupRate(economy.id, 300, 50),
    ]);
    expect(shipping_group!.name).toBe(before.name);
    const { shipping_class } = await harness.client.getShippingClass({ store_id: storeId, shipping_class_id: express.id });
    expect(shipping_class!.rates).toEqual([{ shipping_group_id: before.id, first_item_in_cents: 1500, additional_item_in_cents: 500 }]);
  });

  it('renames with an empty rate list and changes no rate', async () => {
    const storeId = aStoreId();
    const [standard, express] = [await aClass(storeId), await aClass(storeId, { name: 'Express' })];
    const before = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100), groupRate(express.id, 900, 300)] });

    const { shipping_group } = await update(storeId, before.id, { name: 'Large posters', rates: { rates: [] } });

    expect(shipping_group).toEqual({ ...before, name: 'Large posters', updated_at: expect.any(Date) });
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: before.id })).shipping_group!.rates).toEqual(
      before.rates,
    );
  });

  it('changes nothing, not even updated_at, for an empty rate list alone', async () => {
    const storeId = aStoreId();
    const standard = await aClass(storeId);
    const before = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100)] });

    const { shipping_group } = await update(storeId, before.id, { rates: { rates: [] } });

    expect(shipping_group).toEqual(before);
  });

  it('changes nothing, not even updated_at, when nothing differs', async () => {
    const storeId = aStoreId();
    const standard = await aClass(storeId);
    const before = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100)] });

    const { shipping_group } = await update(storeId, before.id, { name: before.name, rates: { rates: before.rates } });

    expect(shipping_group).toEqual(before);
  });

  it('keeps every change of concurrent updates to one store', async () => {
    const storeId = aStoreId();
    const groups = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => aGroup(storeId, { name })));

    await Promise.all(groups.map((group) => update(storeId, group.id, { name: `${group.name} renamed` })));

    const { shipping_groups } = await harness.client.listShippingGroups({ store_id: storeId });
    expect(shipping_groups.map((group) => group.name)).toEqual(['A renamed', 'B renamed', 'C renamed', 'D renamed', 'E renamed']);
  });

  it('answers NOT_FOUND for an unknown group', async () => {
    const error = await rejectionOf(update(aStoreId(), 876_543, { name: 'Ghost' }));

    expect(error.code).toBe(status.NOT_FOUND);
  });
});

describe('GetDefaultShippingGroup', () => {
  it('answers the store lowest-id group, and none for a store without groups', async () => {
    const storeId = aStoreId();
    expect((await harness.client.getDefaultShippingGroup({ store_id: storeId })).shipping_group).toBeUndefined();

    const first = await aGroup(storeId, { name: 'First' });
    await aGroup(storeId, { name: 'Second' });

    expect((await harness.client.getDefaultShippingGroup({ store_id: storeId })).shipping_group).toEqual(first);
  });
});

describe('restart', () => {
  it('keeps groups, classes and rates on disk', async () => {
    const storeId = aStoreId();
    const standard = await aClass(storeId);
    const group = await aGroup(storeId, { rates: [groupRate(standard.id, 500, 100)] });

    await harness.restart();

    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group).toEqual(group);
    const next = await aGroup(storeId, { name: 'After restart' });
    expect(next.id).toBeGreaterThan(group.id);
  });
});
