import { shipping } from '@commerce/contracts';
import { aStoreId, classRate, fixtures, groupRate, startShippingHarness, type ShippingHarness } from './shipping.fixture';

let harness: ShippingHarness;
const { aClass, aGroup } = fixtures(() => harness.client);

beforeAll(async () => {
  harness = await startShippingHarness();
});

afterAll(() => harness?.stop());

/** The rendered group of docs/shipping.md#records, as the API and the events carry it. */
const renderedGroup = (id: number, name: string, rates: shipping.ShippingGroupRate[]) => ({
  id,
  name,
  shipping_rates: rates.map((shipping_rate) => ({ shipping_rate })),
});
const renderedClass = (id: number, name: string, countries: string[], rates: shipping.ShippingClassRate[]) => ({
  id,
  name,
  countries,
  shipping_rates: rates.map((shipping_rate) => ({ shipping_rate })),
});
const summary = (events: Array<{ topic: string; resource_id?: unknown; sequence: number }>) =>
  events.map((event) => [event.topic, event.resource_id, event.sequence]);

describe('shipping events on the stream (events.shipping.<store_id>.<topic>)', () => {
  it('announces a new group, and the class its rate touches, with the rendered records', async () => {
    const storeId = aStoreId();
    const cls = await aClass(storeId, { name: 'Standard', countries: ['US'] });
    const group = await aGroup(storeId, { name: 'Posters', rates: [groupRate(cls.id, 500, 100)] });

    const events = await waitForCount(storeId, 3);

    expect(summary(events)).toEqual([
      ['shipping_class/created', cls.id, 1],
      ['shipping_group/created', group.id, 1],
      ['shipping_class/updated', cls.id, 2],
    ]);
    expect(events[0].resource).toEqual(renderedClass(cls.id, 'Standard', ['US'], []));
    expect(events[1].resource).toEqual(renderedGroup(group.id, 'Posters', [groupRate(cls.id, 500, 100)]));
    expect(events[2].resource).toEqual(renderedClass(cls.id, 'Standard', ['US'], [classRate(group.id, 500, 100)]));
    expect(events[1]).toMatchObject({
      store_id: storeId,
      resource_type: 'shipping_group',
      resource_id: group.id,
      occurred_at: group.created_at!.toISOString(),
    });
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
  });

  it('announces a rename once, and nothing for an update that changes nothing', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId, { name: 'Posters' });

    await harness.client.updateShippingGroup(
      shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, name: 'Posters' }),
    );
    await harness.client.updateShippingGroup(
      shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, name: 'Prints' }),
    );

    const events = await harness.waitForEvents('shipping', 1, { store_id: storeId, topic: 'shipping_group/updated' });
    expect(summary(events)).toEqual([['shipping_group/updated', group.id, 2]]);
    expect(events[0].resource).toEqual(renderedGroup(group.id, 'Prints', []));
  });

  it('announces both ends of every rate a class update changes, and no group whose rate it kept', async () => {
    const storeId = aStoreId();
    const [posters, mugs] = [await aGroup(storeId, { name: 'Posters' }), await aGroup(storeId, { name: 'Mugs' })];
    const cls = await aClass(storeId, { name: 'Express', countries: ['US'], rates: [classRate(posters.id, 900, 300)] });

    await harness.client.updateShippingClass(
      shipping.UpdateShippingClassRequest.fromPartial({
        store_id: storeId,
        shipping_class_id: cls.id,
        rates: { rates: [classRate(mugs.id, 700, 100)] },
      }),
    );

    const events = await waitForCount(storeId, 6);
    expect(summary(events.slice(2))).toEqual([
      ['shipping_class/created', cls.id, 1],
      ['shipping_group/updated', posters.id, 2],
      ['shipping_class/updated', cls.id, 2],
      ['shipping_group/updated', mugs.id, 2],
    ]);
    expect(events[4].resource).toEqual(
      renderedClass(cls.id, 'Express', ['US'], [classRate(posters.id, 900, 300), classRate(mugs.id, 700, 100)]),
    );
    expect(events[5].resource).toEqual(renderedGroup(mugs.id, 'Mugs', [groupRate(cls.id, 700, 100)]));
  });

  it('announces nothing for an update whose only field is an empty rate list', async () => {
    const storeId = aStoreId();
    const cls = await aClass(storeId, { name: 'Standard', countries: ['US'] });
    const group = await aGroup(storeId, { name: 'Posters', rates: [groupRate(cls.id, 500, 100)] });

    await harness.client.updateShippingGroup(
      shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, rates: { rates: [] } }),
    );
    await harness.client.updateShippingClass(
      shipping.UpdateShippingClassRequest.fromPartial({ store_id: storeId, shipping_class_id: cls.id, rates: { rates: [] } }),
    );
    // A later change, so that when its event is on the stream every earlier one is too.
    await harness.client.updateShippingGroup(
      shipping.UpdateShippingGroupRequest.fromPartial({ store_id: storeId, shipping_group_id: group.id, name: 'Prints' }),
    );

    const events = await harness.waitForEvents('shipping', 1, { store_id: storeId, topic: 'shipping_group/updated' });
    expect(summary(events)).toEqual([['shipping_group/updated', group.id, 2]]);
    expect(await harness.eventsOf('shipping', { store_id: storeId, topic: 'shipping_class/updated' })).toHaveLength(1);
  });

  it('announces a deleted class as it was, and each group that lost its rate', async () => {
    const storeId = aStoreId();
    const group = await aGroup(storeId, { name: 'Posters' });
    const cls = await aClass(storeId, { name: 'Standard', countries: ['CA'], rates: [classRate(group.id, 400, 0)] });

    await harness.client.deleteShippingClass({ store_id: storeId, shipping_class_id: cls.id });

    const events = await waitForCount(storeId, 5);
    expect(summary(events.slice(3))).toEqual([
      ['shipping_class/deleted', cls.id, 2],
      ['shipping_group/updated', group.id, 3],
    ]);
    expect(events[3].resource).toEqual(renderedClass(cls.id, 'Standard', ['CA'], [classRate(group.id, 400, 0)]));
    expect(events[4].resource).toEqual(renderedGroup(group.id, 'Posters', []));
  });

  it('publishes what was written before a restart', async () => {
    const storeId = aStoreId();
    await aGroup(storeId, { name: 'Before' });
    await harness.restart();
    await aGroup(storeId, { name: 'After' });

    const events = await harness.waitForEvents('shipping', 2, { store_id: storeId, topic: 'shipping_group/created' });
    expect(events.map((event) => event.resource.name)).toEqual(['Before', 'After']);
  });
});

/** Every event of the store once there are `count` of them (no more: a test must not miss a stray one). */
async function waitForCount(storeId: number, count: number) {
  const events = await harness.waitForEvents('shipping', count, { store_id: storeId });
  expect(events).toHaveLength(count);
  return events;
}
