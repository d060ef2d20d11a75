import type { NatsConnection } from 'nats';
import { PHOTO_SIZES } from '@commerce/api-presenters';
import { streamEvents, waitFor, type PublishedEvent } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import type { JsonBody, StackHandle } from '../support/stack.harness';
import { PHOTO_KEYS, PRODUCT_KEYS, VARIANT_KEYS } from '../support/answer-keys';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

const ZONED = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

describe('catalog through the whole stack (docs/catalog.md#endpoints)', () => {
  let world: TwoStoreStack;
  let stack: StackHandle;
  let shop: ApiClient;
  let rival: ApiClient;
  let shopStoreId: number;
  let bus: NatsConnection;

  const catalogEvents = async (topic: string) =>
    (await streamEvents(await bus.jetstreamManager(), 'catalog')).filter(
      (event) => event.topic === topic && event.store_id === shopStoreId,
    );
  const waitForEvent = (topic: string, matches: (event: PublishedEvent) => boolean) =>
    waitFor(async () => (await catalogEvents(topic)).find(matches), { timeoutMs: 10_000, message: `${topic} on the catalog stream` });

  beforeAll(async () => {
    world = await startTwoStoreStack('catalog', ['teashop', 'rivalshop']);
    ({ stack, shop, rival, shopStoreId, bus } = world);
  });

  afterAll(() => world?.stop());

  let tea: JsonBody;

  describe('products', () => {
    it('creates a product from JSON with its Default variant, rendered as docs/catalog.md#product', async () => {
      const answer = await shop.post('/v1/products.json', {
        name: 'Green Tea',
        price: '19.99',
        description: 'Loose leaf',
        photos: ['https://img.example.com/tea.jpg'],
        tag_list: 'green, loose',
        id: 999_999,
        sold: 50,
      });
      expect(answer.status).toBe(200);
      // The read-only fields sent are ignored, and named as such.
      expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0', ignored_params: ['id', 'sold'] });
      tea = answer.body.data;
      expect(Object.keys(tea).sort()).toEqual([...PRODUCT_KEYS].sort());
      expect(tea).toMatchObject({
        name: 'Green Tea',
        description: 'Loose leaf',
        price: 19.99,
        cents: 1999,
        status: 'active',
        tag_list: ['green', 'loose'],
        collections: [],
        labels: null,
        marketplace_category: null,
        retired_on: null,
        deleted_at: null,
        has_override_priced_variants: false,
        shipping_group: null,
        taxable: true,
      });
      expect(tea.id).not.toBe(999_999);
      expect(tea.created_at).toMatch(ZONED);
      // On the store's url, as npm start serves it (PUBLIC_URL's scheme and port).
      expect(tea.storefront_url).toBe(`http://teashop.shops.localhost:${new URL(stack.baseUrl).port}/product/${tea.id}-green-tea`);
      expect(Object.keys(tea.photos[0].photo).sort()).toEqual([...PHOTO_KEYS].sort());
      expect(tea.photos[0].photo.original).toBe('//img.example.com/tea.jpg');
      for (const size of PHOTO_SIZES) expect(tea.photos[0].photo[size]).toMatch(/^\/\/img\.example\.com\/tea\.jpg/);
      expect(tea.variants).toHaveLength(1);
      const variant = tea.variants[0].variant;
      expect(Object.keys(variant).sort()).toEqual([...VARIANT_KEYS].sort());
      expect(variant).toMatchObject({
        product_id: tea.id,
        name: 'Default',
        position: 1,
        is_default_variant: true,
        price: 19.99,
        cents: 1999,
        sold: 0,
      });
    });

    it('creates from a form without Content-Type and from the query string alone', async () => {
      const form = await shop.post(
        '/v1/products',
        { name: 'Black Tea', cents: '1500', status: 'coming soon', preorder: '1', taxable: '0' },
        'form-no-content-type',
      );
      expect(form.status).toBe(200);
      expect(form.body.data).toMatchObject({
        name: 'Black Tea',
        cents: 1500,
        price: 15,
        status: 'coming soon',
        preorder: true,
        taxable: false,
      });
      const query = await shop.post('/v1/products/', { name: 'White Tea', price: '7.5', tag_list: '["rare"]' }, 'query');
      expect(query.status).toBe(200);
      expect(query.body.data).toMatchObject({ name: 'White Tea', cents: 750, price: 7.5, tag_list: ['rare'] });
    });

    it('answers 422 naming every bad field', async () => {
      const missing = await shop.post('/v1/products.json', { description: 'no name, no price' });
      expect(missing.status).toBe(422);
      expect(missing.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError' });
      expect(Object.keys(missing.body.meta.errors).sort()).toEqual(['cents', 'name']);
      const bad = await shop.post('/v1/products.json', {
        name: 'Tea',
        cents: -5,
        status: 'sold',
        photos: Array(6).fill('https://img.example.com/a.jpg'),
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.meta.errors)).toEqual(expect.arrayContaining(['cents', 'status', 'photos']));
    });

    it('reads a product, and hides it from another store (404) for reads and writes', async () => {
      const read = await shop.get(`/v1/products/${tea.id}.json`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(tea);
      expect((await rival.get(`/v1/products/${tea.id}.json`)).status).toBe(404);
      expect((await rival.put(`/v1/products/${tea.id}.json`, { name: 'Stolen' })).status).toBe(404);
      expect((await rival.delete(`/v1/products/${tea.id}.json`)).status).toBe(404);
      expect((await shop.get('/v1/products/abc.json')).status).toBe(404);
      expect((await shop.get('/v1/products/987654.json')).status).toBe(404);
    });

    it('updates only the fields sent, in a form body', async () => {
      const answer = await shop.put(
        `/v1/products/${tea.id}.json`,
        { status: 'hidden', on_sale: 'true', tag_list: '["green","sale"]', sold: 3, taxable: 'false' },
        'form',
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        id: tea.id,
        name: 'Green Tea',
        status: 'hidden',
        on_sale: true,
        tag_list: ['green', 'sale'],
        cents: 1999,
        taxable: false,
      });
      expect(answer.body.data.variants[0].variant.sold).toBe(0);
      tea = answer.body.data;
      expect((await shop.get(`/v1/products/${tea.id}`)).body.data).toEqual(tea);
    });

    it('publishes product/created and product/updated carrying the record as the API renders it', async () => {
      const updated = await waitForEvent('product/updated', (event) => event.resource.id === tea.id && event.resource.status === 'hidden');
      expect(updated.resource).toEqual(tea);
      const created = await waitForEvent('product/created', (event) => event.resource.id === tea.id);
      expect(created.resource).toMatchObject({ id: tea.id, status: 'active', taxable: true });
      expect(updated.sequence).toBeGreaterThan(created.sequence);
    });
  });

  describe('variants', () => {
    let large: JsonBody;

    it('creates a variant with an override price; the product notices', async () => {
      const answer = await shop.post(
        `/v1/products/${tea.id}/variants.json`,
        { name: 'Large', full_quantity: '10', sku: 'TEA-L', has_override_price: 'true', override_price: '24.50' },
        'form',
      );
      expect(answer.status).toBe(200);
      large = answer.body.data;
      expect(large).toMatchObject({
        product_id: tea.id,
        name: 'Large',
        position: 2,
        sku: 'TEA-L',
        full_quantity: 10,
        in_stock: 10,
        percent_available: 100,
        sold_out: false,
        status: 'active',
        has_override_price: true,
        cents: 2450,
        price: 24.5,
        is_default_variant: false,
      });
      const product = (await shop.get(`/v1/products/${tea.id}.json`)).body.data;
      expect(product.has_override_priced_variants).toBe(true);
      expect(product.variants.map((entry: JsonBody) => entry.variant.id)).toEqual([tea.variants[0].variant.id, large.id]);
    });

    it('derives sold_out, status and percent_available from stock', async () => {
      const some = await shop.put(`/v1/products/${tea.id}/variants/${large.id}.json`, { in_stock: 4 });
      expect(some.body.data).toMatchObject({ in_stock: 4, percent_available: 40, sold_out: false, status: 'active' });
      const none = await shop.put(`/v1/products/${tea.id}/variants/${large.id}.json`, { in_stock: 0 }, 'query');
      expect(none.body.data).toMatchObject({ in_stock: 0, percent_available: 0, sold_out: true, status: 'sold-out' });
      expect((await shop.get(`/v1/products/${tea.id}/variants/${large.id}.json`)).body.data).toEqual(none.body.data);
      await waitForEvent('variant/updated', (event) => event.resource.id === large.id && event.resource.status === 'sold-out');
    });

    it('hides a variant under another product or store', async () => {
      const other = (await shop.post('/v1/products.json', { name: 'Mug', cents: 900 })).body.data;
      expect((await shop.get(`/v1/products/${other.id}/variants/${large.id}.json`)).status).toBe(404);
      expect((await rival.get(`/v1/products/${tea.id}/variants/${large.id}.json`)).status).toBe(404);
    });

    it('keeps at least one variant: deleting the last answers 409', async () => {
      const removed = await shop.delete(`/v1/products/${tea.id}/variants/${tea.variants[0].variant.id}.json`);
      expect(removed.status).toBe(200);
      expect(removed.body.data.id).toBe(tea.variants[0].variant.id);
      const last = await shop.delete(`/v1/products/${tea.id}/variants/${large.id}.json`);
      expect(last.status).toBe(409);
      expect(last.body.meta.code).toBe(409);
      const product = (await shop.get(`/v1/products/${tea.id}.json`)).body.data;
      expect(product.variants.map((entry: JsonBody) => entry.variant)).toEqual([
        expect.objectContaining({ id: large.id, is_default_variant: true, position: 1 }),
      ]);
    });
  });

  describe('collections', () => {
    it('sets membership with products: [ids]; product.collections and collection.products agree', async () => {
      const mug = (await shop.post('/v1/products.json', { name: 'Teapot', cents: 3500 })).body.data;
      const created = await shop.post('/v1/collections.json', { name: 'Teas', description: 'All teas', products: [tea.id, mug.id] });
      expect(created.status).toBe(200);
      const collection = created.body.data;
      expect(collection).toMatchObject({ name: 'Teas', description: 'All teas', products: [tea.id, mug.id] });
      expect(collection.created_at).toMatch(ZONED);
      expect((await shop.get(`/v1/products/${mug.id}.json`)).body.data.collections).toEqual([collection.id]);

      const narrowed = await shop.put(`/v1/collections/${collection.id}.json`, { products: `[${mug.id}]` }, 'form');
      expect(narrowed.body.data.products).toEqual([mug.id]);
      expect((await shop.get(`/v1/products/${tea.id}.json`)).body.data.collections).toEqual([]);

      expect((await shop.delete(`/v1/products/${mug.id}.json`)).status).toBe(200);
      expect((await shop.get(`/v1/collections/${collection.id}.json`)).body.data.products).toEqual([]);

      const list = await shop.get('/v1/collections.json');
      expect(list.body.data.collections.map((entry: JsonBody) => entry.id)).toContain(collection.id);
      expect(list.body.pagination).toMatchObject({ total: expect.any(Number), offset: 0 });
      expect((await rival.get(`/v1/collections/${collection.id}.json`)).status).toBe(404);

      const deleted = await shop.delete(`/v1/collections/${collection.id}.json`);
      expect(deleted.status).toBe(200);
      expect((await shop.get(`/v1/collections/${collection.id}.json`)).status).toBe(404);
      expect((await shop.get(`/v1/products/${tea.id}.json`)).status).toBe(200);
      await waitForEvent('collection/deleted', (event) => event.resource.id === collection.id);
    });

    it('refuses unknown or foreign product ids with 422', async () => {
      const foreign = (await rival.post('/v1/products.json', { name: 'Rival Tea', cents: 100 })).body.data;
      const answer = await shop.post('/v1/collections.json', { name: 'Bad', products: [foreign.id] });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.meta.errors)).toEqual(expect.arrayContaining([expect.stringMatching(/^products/)]));
    });
  });

  describe('listing', () => {
    let ids: number[];

    beforeAll(async () => {
      const created = [];
      for (let i = 1; i <= 25; i++)
        created.push(
          (await shop.post('/v1/products.json', { name: `Blend ${i}`, cents: 100 * i, status: i % 5 === 0 ? 'hidden' : 'active' })).body
            .data.id as number,
        );
      ids = ((await walk('/v1/products.json')) as number[]).filter(Boolean);
      expect(ids).toEqual(expect.arrayContaining(created));
    });

    /** Follows next_url (adding the key back) until the last page, which has none; answers every id seen. */
    async function walk(first: string): Promise<number[]> {
      const seen: number[] = [];
      let next: string | undefined = first;
      for (let pages = 0; next && pages < 20; pages++) {
        const answer = await shop.get(next);
        expect(answer.status).toBe(200);
        const page = answer.body.data.products as JsonBody[];
        expect(page.length).toBeLessThanOrEqual(20);
        seen.push(...page.map((product) => product.id as number));
        if (answer.body.pagination.next_url === null) {
          expect(answer.headers.get('link')).toBeNull();
          return seen;
        }
        expect(answer.headers.get('link')).toBe(`<${answer.body.pagination.next_url}>; rel="next"`);
        expect(answer.body.pagination.next_url).not.toContain('api_key');
        const nextUrl = new URL(answer.body.pagination.next_url as string);
        expect(nextUrl.origin).toBe(`http://localhost:${new URL(stack.baseUrl).port}`); // PUBLIC_URL, as npm start sets it
        next = `${nextUrl.pathname}${nextUrl.search}`;
      }
      throw new Error('paging did not end');
    }

    it('pages 20 at a time by id ascending, with the pagination block', async () => {
      const first = await shop.get('/v1/products.json');
      expect(first.body.data.products).toHaveLength(20);
      expect(first.body.pagination).toMatchObject({
        total: ids.length,
        offset: 0,
        total_pages: Math.ceil(ids.length / 20),
        current_max_id: Math.max(...ids),
      });
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('sorts DESC, filters by status, newer_than_id/after_id, older_than_id and updated_at', async () => {
      expect(await walk('/v1/products.json?sort_direction=desc')).toEqual([...ids].reverse());
      const hidden = (await shop.get('/v1/products.json?status=hidden')).body.data.products as JsonBody[];
      expect(hidden.length).toBeGreaterThanOrEqual(5);
      expect(hidden.every((product) => product.status === 'hidden')).toBe(true);
      const pivot = ids[10];
      expect(await walk(`/v1/products.json?newer_than_id=${pivot}`)).toEqual(ids.filter((id) => id > pivot));
      expect(await walk(`/v1/products.json?after_id=${pivot}`)).toEqual(ids.filter((id) => id > pivot));
      expect(await walk(`/v1/products.json?older_than_id=${pivot}`)).toEqual(ids.filter((id) => id < pivot));
      const future = Math.floor(Date.now() / 1000) + 3600;
      expect((await shop.get(`/v1/products.json?updated_at_min=${future}`)).body.data.products).toEqual([]);
      expect((await shop.get(`/v1/products.json?updated_at_max=${future}`)).body.pagination.total).toBe(ids.length);
      expect((await shop.get('/v1/products.json?sort_direction=sideways')).status).toBe(422);
    });

    it('leaves deleted products out, and another store sees none of them', async () => {
      const victim = ids[ids.length - 1];
      const deleted = await shop.delete(`/v1/products/${victim}.json`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data.deleted_at).toMatch(ZONED);
      expect((await shop.get(`/v1/products/${victim}.json`)).status).toBe(404);
      expect(await walk('/v1/products.json')).toEqual(ids.slice(0, -1));
      await waitForEvent('product/deleted', (event) => event.resource.id === victim);
      const rivalIds = (await rival.get('/v1/products.json')).body.data.products.map((product: JsonBody) => product.id);
      expect(rivalIds.filter((id: number) => ids.includes(id))).toEqual([]);
    });
  });
});
