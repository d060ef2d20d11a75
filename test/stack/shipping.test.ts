import type { NatsConnection } from 'nats';
import { streamEvents, waitFor, type PublishedEvent } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

describe('shipping through the whole stack (docs/shipping.md), with the catalog rules that span both', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let rival: ApiClient;
  let shopStoreId: number;
  let bus: NatsConnection;

  beforeAll(async () => {
    world = await startTwoStoreStack('shipping', ['shipshop', 'othershop']);
    ({ shop, rival, shopStoreId, bus } = world);
  });

  afterAll(() => world?.stop());

  let standard: JsonBody;
  let express: JsonBody;
  let domestic: JsonBody;

  it('creates classes with countries, and refuses codes that are not ISO 3166-1 alpha-2', async () => {
    const created = await shop.post('/v1/shipping_classes.json', { name: 'Domestic', countries: ['US', 'ca'] });
    expect(created.status).toBe(200);
    domestic = created.body.data;
    expect(domestic).toMatchObject({ name: 'Domestic', countries: ['US', 'CA'], shipping_rates: [] });
    const empty = await shop.post('/v1/shipping_classes.json', { name: 'Nowhere yet', countries: '[]' }, 'form');
    expect(empty.body.data.countries).toEqual([]);
    const bad = await shop.post('/v1/shipping_classes.json', { name: 'Bad', countries: ['US', 'XX', 'USA'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.meta.errors).join(' ')).toMatch(/countries/);
  });

  it('creates groups with rates sent as JSON text in a form; both ends list the rate', async () => {
    const rates = JSON.stringify([{ shipping_class_id: domestic.id, first_item_in_cents: 500, additional_item_in_cents: 150 }]);
    const created = await shop.post('/v1/shipping_groups.json', { name: 'Standard', rates }, 'form');
    expect(created.status).toBe(200);
    standard = created.body.data;
    expect(standard).toMatchObject({
      name: 'Standard',
      shipping_rates: [{ shipping_rate: { shipping_class_id: domestic.id, first_item_in_cents: 500, additional_item_in_cents: 150 } }],
    });
    express = (await shop.post('/v1/shipping_groups.json', { name: 'Express' }, 'query')).body.data;
    const classNow = (await shop.get(`/v1/shipping_classes/${domestic.id}.json`)).body.data;
    expect(classNow.shipping_rates).toEqual([
      { shipping_rate: { shipping_group_id: standard.id, first_item_in_cents: 500, additional_item_in_cents: 150 } },
    ]);
    const groups = await shop.get('/v1/shipping_groups.json');
    expect(groups.body.data.shipping_groups.map((group: JsonBody) => group.id)).toEqual([standard.id, express.id]);
    const classes = await shop.get('/v1/shipping_classes.json');
    expect(classes.body.data.shipping_classes.map((entry: JsonBody) => entry.id)).toContain(domestic.id);
  });

  it('answers one group-class rate with both records and the flat fields, and updates it', async () => {
    const query = `shipping_group_id=${standard.id}&shipping_class_id=${domestic.id}`;
    const read = await shop.get(`/v1/shipping_rate.json?${query}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      shipping_group_id: standard.id,
      shipping_class_id: domestic.id,
      first_item_in_cents: 500,
      additional_item_in_cents: 150,
      shipping_group: { id: standard.id, name: 'Standard', products: [] },
      shipping_class: { id: domestic.id, name: 'Domestic', countries: ['US', 'CA'] },
    });
    const updated = await shop.put(
      `/v1/shipping_rate.json?${query}`,
      { first_item_in_cents: '700', additional_item_in_cents: '200' },
      'form',
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ first_item_in_cents: 700, additional_item_in_cents: 200 });
    expect((await shop.get(`/v1/shipping_groups/${standard.id}.json`)).body.data.shipping_rates[0].shipping_rate.first_item_in_cents).toBe(
      700,
    );
  });

  it('answers 422 without both ids and 404 for unknown or foreign ones', async () => {
    expect((await shop.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}`)).status).toBe(422);
    expect((await shop.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}&shipping_class_id=999999`)).status).toBe(404);
    expect((await rival.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}&shipping_class_id=${domestic.id}`)).status).toBe(404);
    expect((await rival.get(`/v1/shipping_groups/${standard.id}.json`)).status).toBe(404);
    expect((await rival.put(`/v1/shipping_classes/${domestic.id}.json`, { name: 'Mine' })).status).toBe(404);
  });

  describe('rate updates lose nothing by accident', () => {
    let ground: JsonBody;
    let air: JsonBody;
    let sea: JsonBody;
    let parcels: JsonBody;
    let letters: JsonBody;
    const rate = (shipping_class_id: number, first_item_in_cents: number, additional_item_in_cents: number) => ({
      shipping_rate: { shipping_class_id, first_item_in_cents, additional_item_in_cents },
    });
    const classRate = (shipping_group_id: number, first_item_in_cents: number, additional_item_in_cents: number) => ({
      shipping_rate: { shipping_group_id, first_item_in_cents, additional_item_in_cents },
    });
    const groupRates = async (id: number) => (await shop.get(`/v1/shipping_groups/${id}.json`)).body.data.shipping_rates;
    const classRates = async (id: number) => (await shop.get(`/v1/shipping_classes/${id}.json`)).body.data.shipping_rates;

    beforeAll(async () => {
      [ground, air, sea] = await Promise.all(
        ['Ground', 'Air', 'Sea'].map(async (name) => (await shop.post('/v1/shipping_classes.json', { name, countries: ['US'] })).body.data),
      );
      const rates = [
        { shipping_class_id: ground.id, first_item_in_cents: 500, additional_item_in_cents: 100 },
        { shipping_class_id: air.id, first_item_in_cents: 1500, additional_item_in_cents: 500 },
      ];
      parcels = (await shop.post('/v1/shipping_groups.json', { name: 'Parcels', rates })).body.data;
      letters = (await shop.post('/v1/shipping_groups.json', { name: 'Letters', rates: [{ ...rates[0], first_item_in_cents: 100 }] })).body
        .data;
      expect(parcels.shipping_rates).toEqual([rate(ground.id, 500, 100), rate(air.id, 1500, 500)]);
    });

    it('renames a group with rates=[] in every input style and keeps every rate', async () => {
      const json = await shop.put(`/v1/shipping_groups/${parcels.id}.json`, { name: 'Boxes', rates: [] });
      const form = await shop.put(`/v1/shipping_groups/${parcels.id}`, { name: 'Crates', rates: '[]' }, 'form');
      const query = await shop.put(`/v1/shipping_groups/${parcels.id}/`, { name: 'Parcels', rates: '[]' }, 'query');

      expect([json.status, form.status, query.status]).toEqual([200, 200, 200]);
      expect(json.body.data).toEqual({ id: parcels.id, name: 'Boxes', shipping_rates: parcels.shipping_rates });
      expect(form.body.data).toEqual({ id: parcels.id, name: 'Crates', shipping_rates: parcels.shipping_rates });
      expect(query.body.data).toEqual({ id: parcels.id, name: 'Parcels', shipping_rates: parcels.shipping_rates });
      expect(await classRates(air.id)).toEqual([classRate(parcels.id, 1500, 500)]);
    });

    it('renames a class with rates=[] and keeps every rate', async () => {
      const renamed = await shop.put(`/v1/shipping_classes/${ground.id}.json`, { name: 'Road', rates: '[]' }, 'form-no-content-type');

      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({
        id: ground.id,
        name: 'Road',
        shipping_rates: [classRate(parcels.id, 500, 100), classRate(letters.id, 100, 100)],
      });
    });

    it('upserts the one pair a group update names and keeps the others', async () => {
      const updated = await shop.put(`/v1/shipping_groups/${parcels.id}.json`, {
        rates: [{ shipping_class_id: sea.id, first_item_in_cents: 300, additional_item_in_cents: 50 }],
      });
      const changed = await shop.put(
        `/v1/shipping_groups/${parcels.id}.json`,
        { rates: JSON.stringify([{ shipping_class_id: ground.id, first_item_in_cents: '550', additional_item_in_cents: 100 }]) },
        'form',
      );

      expect(updated.body.data.shipping_rates).toEqual([rate(ground.id, 500, 100), rate(air.id, 1500, 500), rate(sea.id, 300, 50)]);
      expect(changed.body.data.shipping_rates).toEqual([rate(ground.id, 550, 100), rate(air.id, 1500, 500), rate(sea.id, 300, 50)]);
      expect(await classRates(ground.id)).toEqual([classRate(parcels.id, 550, 100), classRate(letters.id, 100, 100)]);
    });

    it('upserts the one pair a class update names and keeps the others', async () => {
      const updated = await shop.put(`/v1/shipping_classes/${air.id}.json`, {
        rates: [{ shipping_group_id: letters.id, first_item_in_cents: 900, additional_item_in_cents: 0 }],
      });

      expect(updated.body.data.shipping_rates).toEqual([classRate(parcels.id, 1500, 500), classRate(letters.id, 900, 0)]);
      expect(await groupRates(parcels.id)).toEqual([rate(ground.id, 550, 100), rate(air.id, 1500, 500), rate(sea.id, 300, 50)]);
    });

    it("answers 404 to another store's ids and changes nothing", async () => {
      const pair = `shipping_group_id=${parcels.id}&shipping_class_id=${sea.id}`;
      const foreign = await rival.delete(`/v1/shipping_rate.json?${pair}`);
      const foreignRename = await rival.put(`/v1/shipping_groups/${parcels.id}.json`, { name: 'Mine', rates: [] });

      expect(foreign.status).toBe(404);
      expect(foreign.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
      expect(foreign.body.error).toEqual(expect.any(String));
      expect(foreignRename.status).toBe(404);
      expect(await groupRates(parcels.id)).toEqual([rate(ground.id, 550, 100), rate(air.id, 1500, 500), rate(sea.id, 300, 50)]);
      expect((await shop.get(`/v1/shipping_groups/${parcels.id}.json`)).body.data.name).toBe('Parcels');
    });

    it('DELETE /v1/shipping_rate removes one pair, answers it as it was, and leaves every other rate', async () => {
      const pair = `shipping_group_id=${parcels.id}&shipping_class_id=${sea.id}`;
      const before = await shop.get(`/v1/shipping_rate.json?${pair}`);

      const removed = await shop.delete(`/v1/shipping_rate.json?${pair}`);

      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ data: before.body.data, meta: { code: 200, api_version: '1.0' } });
      expect(removed.body.data).toMatchObject({
        shipping_group_id: parcels.id,
        shipping_class_id: sea.id,
        first_item_in_cents: 300,
        additional_item_in_cents: 50,
      });
      expect(await groupRates(parcels.id)).toEqual([rate(ground.id, 550, 100), rate(air.id, 1500, 500)]);
      expect(await classRates(sea.id)).toEqual([]);
      // The pair itself remains (both ends exist): GET answers it without a rate, and a second DELETE finds none.
      const after = await shop.get(`/v1/shipping_rate.json?${pair}`);
      expect(after.status).toBe(200);
      expect(after.body.data).toMatchObject({ first_item_in_cents: null, additional_item_in_cents: null });
      const again = await shop.delete(`/v1/shipping_rate?${pair}`);
      expect(again.status).toBe(404);
      expect(again.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
    });

    it('DELETE /v1/shipping_rate also takes the ids in a JSON or form body, with a trailing slash', async () => {
      const byJson = await shop.raw(
        'DELETE',
        '/v1/shipping_rate/',
        JSON.stringify({ shipping_group_id: parcels.id, shipping_class_id: air.id }),
        'application/json',
      );
      const byForm = await shop.raw(
        'DELETE',
        '/v1/shipping_rate.json/',
        `shipping_group_id=${letters.id}&shipping_class_id=${ground.id}`,
        'application/x-www-form-urlencoded',
      );

      expect([byJson.status, byForm.status]).toEqual([200, 200]);
      expect(byJson.body.data).toMatchObject({ shipping_group_id: parcels.id, shipping_class_id: air.id, first_item_in_cents: 1500 });
      expect(await groupRates(parcels.id)).toEqual([rate(ground.id, 550, 100)]);
      expect(await groupRates(letters.id)).toEqual([rate(air.id, 900, 0)]);
      expect((await shop.raw('DELETE', '/v1/shipping_rate.json', '{}', 'application/json')).status).toBe(422);
    });

    it('announces a removed rate on both ends in one write, as a rate change does', async () => {
      const sameRates = (event: { resource: Record<string, unknown> }, rates: unknown[]) =>
        JSON.stringify(event.resource.shipping_rates) === JSON.stringify(rates);
      const isSeaEmptied = (event: PublishedEvent) =>
        event.topic === 'shipping_class/updated' && event.resource.id === sea.id && sameRates(event, []);
      const events = await waitFor(
        async () => {
          const all = (await streamEvents(await bus.jetstreamManager(), 'shipping')).filter((event) => event.store_id === shopStoreId);
          return all.some(isSeaEmptied) ? all : undefined;
        },
        { timeoutMs: 10_000, message: 'the events of the removed rate' },
      );
      const groupEvent = events.findIndex(
        (event) =>
          event.topic === 'shipping_group/updated' &&
          event.resource.id === parcels.id &&
          sameRates(event, [rate(ground.id, 550, 100), rate(air.id, 1500, 500)]),
      );
      expect(groupEvent).toBeGreaterThanOrEqual(0);
      expect(isSeaEmptied(events[groupEvent + 1])).toBe(true);
    });
  });

  let teapot: JsonBody;

  it("gives a product the store's first group by default, and follows a rename of its group", async () => {
    teapot = (await shop.post('/v1/products.json', { name: 'Teapot', cents: 3500 })).body.data;
    expect(teapot.shipping_group).toEqual({ id: standard.id, name: 'Standard' });
    const explicit = (await shop.post('/v1/products.json', { name: 'Cup', cents: 900, shipping_group_id: express.id })).body.data;
    expect(explicit.shipping_group).toEqual({ id: express.id, name: 'Express' });
    expect((await shop.post('/v1/products.json', { name: 'Lost', cents: 900, shipping_group_id: 999_999 })).status).toBe(422);

    expect((await shop.put(`/v1/shipping_groups/${standard.id}.json`, { name: 'Standard Post' })).status).toBe(200);
    const renamed = await waitFor(
      async () => {
        const product = (await shop.get(`/v1/products/${teapot.id}.json`)).body.data;
        return product.shipping_group.name === 'Standard Post' ? product : undefined;
      },
      { timeoutMs: 10_000, message: 'the product to show the renamed group' },
    );
    expect(renamed.shipping_group).toEqual({ id: standard.id, name: 'Standard Post' });
    const filtered = (await shop.get(`/v1/products.json?shipping_group_id=${express.id}`)).body.data.products;
    expect(filtered.map((product: JsonBody) => product.id)).toEqual([explicit.id]);
    expect(
      (await shop.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}&shipping_class_id=${domestic.id}`)).body.data.shipping_group
        .products,
    ).toEqual([teapot.id]);
  });

  it('refuses to delete a group while a product uses it (409), and deletes it once none does', async () => {
    const refused = await shop.delete(`/v1/shipping_groups/${standard.id}.json`);
    expect(refused.status).toBe(409);
    expect(refused.body.meta.code).toBe(409);
    expect((await shop.get(`/v1/shipping_groups/${standard.id}.json`)).status).toBe(200);
    expect((await shop.delete(`/v1/products/${teapot.id}.json`)).status).toBe(200);
    const deleted = await shop.delete(`/v1/shipping_groups/${standard.id}.json`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(standard.id);
    expect((await shop.get(`/v1/shipping_groups/${standard.id}.json`)).status).toBe(404);
    expect((await shop.get(`/v1/shipping_classes/${domestic.id}.json`)).body.data.shipping_rates).toEqual([]);
  });

  it('deletes a class with its rates', async () => {
    const withRate = await shop.put(`/v1/shipping_groups/${express.id}.json`, {
      rates: [{ shipping_class_id: domestic.id, first_item_in_cents: 900, additional_item_in_cents: 0 }],
    });
    expect(withRate.body.data.shipping_rates).toHaveLength(1);
    expect((await shop.delete(`/v1/shipping_classes/${domestic.id}.json`)).status).toBe(200);
    expect((await shop.get(`/v1/shipping_groups/${express.id}.json`)).body.data.shipping_rates).toEqual([]);
  });

  it('publishes shipping_group/* and shipping_class/* events with the rendered records', async () => {
    const events = await waitFor(
      async () => {
        const all = (await streamEvents(await bus.jetstreamManager(), 'shipping')).filter((event) => event.store_id === shopStoreId);
        return all.some((event) => event.topic === 'shipping_class/deleted') ? all : undefined;
      },
      { timeoutMs: 10_000, message: 'shipping events' },
    );
    const topics = new Set(events.map((event) => event.topic));
    for (const topic of [
      'shipping_group/created',
      'shipping_group/updated',
      'shipping_group/deleted',
      'shipping_class/created',
      'shipping_class/updated',
      'shipping_class/deleted',
    ]) {
      expect(topics).toContain(topic);
    }
    const rename = events.find((event) => event.topic === 'shipping_group/updated' && event.resource.name === 'Standard Post');
    expect(rename?.resource).toMatchObject({ id: standard.id, name: 'Standard Post', shipping_rates: expect.any(Array) });
  });
});
