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

const update = (
  store_id: number,
  shipping_class_id: number,
  changes: Omit<Partial<shipping.UpdateShippingClassRequest>, 'store_id' | 'shipping_class_id'>,
) => harness.client.updateShippingClass(shipping.UpdateShippingClassRequest.fromPartial({ store_id, shipping_class_id, ...changes }));

describe('CreateShippingClass', () => {
  it('creates a class with upper-cased, de-duplicated countries and its rates by group', async () => {
    const storeId = aStoreId();
    const [posters, mugs] = [await aGroup(storeId, { name: 'Posters' }), await aGroup(storeId, { name: 'Mugs' })];

    const cls = await aClass(storeId, {
      name: 'Express',
      countries: ['us', 'Ca', 'US'],
      rates: [classRate(mugs.id, 900, 300), classRate(posters.id, 1200, 400)],
    });

    expect(cls).toEqual({
      id: expect.any(Number),
      name: 'Express',
      countries: ['US', 'CA'],
      rates: [classRate(posters.id, 1200, 400), classRate(mugs.id, 900, 300)],
      created_at: expect.any(Date),
      updated_at: cls.created_at,
    });
    const { shipping_group } = await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: mugs.id });
    expect(shipping_group!.rates).toEqual([groupRate(cls.id, 900, 300)]);
  });

  it('accepts a class with no countries (an option that ships nowhere)', async () => {
    const cls = await aClass(aStoreId(), { countries: [] });

    expect(cls.countries).toEqual([]);
  });
});

describe('ListShippingClasses and GetShippingClass', () => {
  it('lists only the store own classes, by id', async () => {
    const [storeId, other] = [aStoreId(), aStoreId()];
    const first = await aClass(storeId, { name: 'Standard' });
    await aClass(other, { name: 'Elsewhere' });
    const second = await aClass(storeId, { name: 'Express' });

    expect((await harness.client.listShippingClasses({ store_id: storeId })).shipping_classes).toEqual([first, second]);
    expect((await harness.client.getShippingClass({ store_id: storeId, shipping_class_id: second.id })).shipping_class).toEqual(second);
  });

  it('answers NOT_FOUND for an unknown id', async () => {
    const error = await rejectionOf(harness.client.getShippingClass({ store_id: aStoreId(), shipping_class_id: 765_432 }));

    expect(error.code).toBe(status.NOT_FOUND);
    expect(error.message).toBe('Shipping class not found');
  });
});

describe('UpdateShippingClass', () => {
  it('changes only the fields present', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId);
    const before = await aClass(storeId, { countries: ['US'], rates: [classRate(group.id, 500, 100)] });

    const renamed = (await update(storeId, before.id, { name: 'Ground' })).shipping_class!;
    const moved = (await update(storeId, before.id, { countries: { countries: ['de', 'FR'] } })).shipping_class!;

    expect(renamed).toEqual({ ...before, name: 'Ground', updated_at: expect.any(Date) });
    expect(moved).toEqual({ ...renamed, countries: ['DE', 'FR'], updated_at: expect.any(Date) });
  });

  it('clears the countries when given an empty list', async () => {
    const storeId = aStoreId();
    const before = await aClass(storeId, { countries: ['US', 'CA'] });

    const { shipping_class } = await update(storeId, before.id, { countries: { countries: [] } });

    expect(shipping_class!.countries).toEqual([]);
  });

  it('upserts the groups named, keeps the rate of every group left out, and each group shows the change', async () => {
    const storeId = aStoreId();
    const [posters, mugs] = [await aGroup(storeId, { name: 'Posters' }), await aGroup(storeId, { name: 'Mugs' })];
    const before = await aClass(storeId, { rates: [classRate(posters.id, 500, 100)] });

    const { shipping_class } = await update(storeId, before.id, { rates: { rates: [classRate(mugs.id, 700, 200)] } });

    expect(shipping_class!.rates).toEqual([classRate(posters.id, 500, 100), classRate(mugs.id, 700, 200)]);
    const groups = (await harness.client.listShippingGroups({ store_id: storeId })).shipping_groups;
    expect(groups.map((group) => [group.id, group.rates])).toEqual([
      [posters.id, [groupRate(before.id, 500, 100)]],
      [mugs.id, [groupRate(before.id, 700, 200)]],
    ]);
  });

  it('renames with an empty rate list and changes no rate', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId);
    const before = await aClass(storeId, { rates: [classRate(group.id, 500, 100)] });

    const { shipping_class } = await update(storeId, before.id, { name: 'Ground', rates: { rates: [] } });

    expect(shipping_class).toEqual({ ...before, name: 'Ground', updated_at: expect.any(Date) });
    expect((await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id })).shipping_group!.rates).toEqual([
      groupRate(before.id, 500, 100),
    ]);
  });

  it('answers NOT_FOUND for an unknown class', async () => {
    const error = await rejectionOf(update(aStoreId(), 654_321, { name: 'Ghost' }));

    expect(error.code).toBe(status.NOT_FOUND);
  });
});

describe('DeleteShippingClass', () => {
  it('deletes the class and its rates, answering the class as it was', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId);
    const cls = await aClass(storeId, { rates: [classRate(group.id, 500, 100)] });

    const { shipping_class } = await harness.client.deleteShippingClass({ store_id: storeId, shipping_class_id: cls.id });

    expect(shipping_class).toEqual(cls);
    expect((await rejectionOf(harness.client.getShippingClass({ store_id: storeId, shipping_class_id: cls.id }))).code).toBe(
      status.NOT_FOUND,
    );
    const { shipping_group } = await harness.client.getShippingGroup({ store_id: storeId, shipping_group_id: group.id });
    expect(shipping_group!.rates).toEqual([]);
  });

  it('answers NOT_FOUND the second time', async () => {
    const storeId = aStoreId();
    const cls = await aClass(storeId);
    await harness.client.deleteShippingClass({ store_id: storeId, shipping_class_id: cls.id });

    const error = await rejectionOf(harness.client.deleteShippingClass({ store_id: storeId, shipping_class_id: cls.id }));

    expect(error.code).toBe(status.NOT_FOUND);
  });
});
