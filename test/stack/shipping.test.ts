import type { NatsConnection } from 'nats';
import { streamEvents, waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

describe('shipping through the whole stack (spec 4.9-4.11), with the catalog rules that span both', () => {
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
    expect(standard).toMatchObject({ name: 'Standard', shipping_rates: [{ shipping_rate: { shipping_class_id: domestic.id, first_item_in_cents: 500, additional_item_in_cents: 150 } }] });
    express = (await shop.post('/v1/shipping_groups.json', { name: 'Express' }, 'query')).body.data;
    const classNow = (await shop.get(`/v1/shipping_classes/${domestic.id}.json`)).body.data;
    expect(classNow.shipping_rates).toEqual([{ shipping_rate: { shipping_group_id: standard.id, first_item_in_cents: 500, additional_item_in_cents: 150 } }]);
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
      shipping_group_id: standard.id, shipping_class_id: domestic.id, first_item_in_cents: 500, additional_item_in_cents: 150,
      shipping_group: { id: standard.id, name: 'Standard', products: [] },
      shipping_class: { id: domestic.id, name: 'Domestic', countries: ['US', 'CA'] },
    });
    const updated = await shop.put(`/v1/shipping_rate.json?${query}`, { first_item_in_cents: '700', additional_item_in_cents: '200' }, 'form');
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ first_item_in_cents: 700, additional_item_in_cents: 200 });
    expect((await shop.get(`/v1/shipping_groups/${standard.id}.json`)).body.data.shipping_rates[0].shipping_rate.first_item_in_cents).toBe(700);
  });

  it('answers 422 without both ids and 404 for unknown or foreign ones', async () => {
    expect((await shop.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}`)).status).toBe(422);
    expect((await shop.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}&shipping_class_id=999999`)).status).toBe(404);
    expect((await rival.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}&shipping_class_id=${domestic.id}`)).status).toBe(404);
    expect((await rival.get(`/v1/shipping_groups/${standard.id}.json`)).status).toBe(404);
    expect((await rival.put(`/v1/shipping_classes/${domestic.id}.json`, { name: 'Mine' })).status).toBe(404);
  });

  let teapot: JsonBody;

  it('gives a product the store\'s first group by default, and follows a rename of its group', async () => {
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
    expect((await shop.get(`/v1/shipping_rate.json?shipping_group_id=${standard.id}&shipping_class_id=${domestic.id}`)).body.data.shipping_group.products).toEqual([teapot.id]);
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
    const withRate = await shop.put(`/v1/shipping_groups/${express.id}.json`, { rates: [{ shipping_class_id: domestic.id, first_item_in_cents: 900, additional_item_in_cents: 0 }] });
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
    for (const topic of ['shipping_group/created', 'shipping_group/updated', 'shipping_group/deleted', 'shipping_class/created', 'shipping_class/updated', 'shipping_class/deleted']) {
      expect(topics).toContain(topic);
    }
    const rename = events.find((event) => event.topic === 'shipping_group/updated' && event.resource.name === 'Standard Post');
    expect(rename?.resource).toMatchObject({ id: standard.id, name: 'Standard Post', shipping_rates: expect.any(Array) });
  });
});
