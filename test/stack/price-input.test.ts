import { waitFor } from '@commerce/testing';
import type { ApiClient, InputStyle } from '../support/api.client';
import type { JsonBody } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 32, item 1 (docs/catalog.md#price-input): a decimal `price` or `override_price` is read in the store's currency
 * by catalog, so `price: 1999` is 1999 yen, not 199900. Exact `cents` still win; more decimals than the currency has
 * are a 422 naming the field as sent, never rounded.
 */

const NOT_A_DECIMAL = 'must be a decimal amount such as 19.99';
const tooPrecise = (currency: string, digits: number) => `has more decimal places than ${currency} allows (${digits})`;

describe('decimal prices read in the store currency (docs/catalog.md#price-input)', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let rival: ApiClient;

  beforeAll(async () => {
    world = await startTwoStoreStack('price-input', ['pricedshop', 'pricedrival']);
    ({ shop, rival } = world);
  });

  afterAll(() => world?.stop());

  /** Switches the store's currency and waits until catalog's store projection (fed by store/updated) renders in it. */
  async function switchCurrency(client: ApiClient, currency: string, priceOf1999Cents: number): Promise<void> {
    expect((await client.put('/v1/store.json', { currency })).status).toBe(200);
    const probe = (await client.post('/v1/products.json', { name: `Probe ${currency}`, cents: 1999 })).body.data;
    await waitFor(async () => (await client.get(`/v1/products/${probe.id}.json`)).body.data.price === priceOf1999Cents, {
      message: `catalog never rendered the store in ${currency}`,
    });
  }

  const createProduct = (client: ApiClient, params: Record<string, unknown>, style: InputStyle = 'json') =>
    client.post('/v1/products.json', { name: 'Tea', ...params }, style);
  const createVariant = (client: ApiClient, productId: number, params: Record<string, unknown>, style: InputStyle = 'json') =>
    client.post(`/v1/products/${productId}/variants.json`, { name: 'Tin', has_override_price: true, ...params }, style);
  const readProduct = async (client: ApiClient, id: number): Promise<JsonBody> => (await client.get(`/v1/products/${id}.json`)).body.data;

  describe('in USD (2 decimals)', () => {
    it.each<[string, unknown, InputStyle]>([
      ['a JSON string', '19.99', 'json'],
      ['a JSON number', 19.99, 'json'],
      ['a form field', '19.99', 'form'],
      ['a query-only write', '19.990', 'query'],
    ])('creates a product from %s price as 1999 cents', async (_how, price, style) => {
      const answer = await createProduct(shop, { price }, style);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ cents: 1999, price: 19.99 });
      expect(await readProduct(shop, answer.body.data.id)).toMatchObject({ cents: 1999, price: 19.99 });
    });

    it('lets exact cents win over price on create and update, whatever the price says', async () => {
      const created = await createProduct(shop, { cents: 1500, price: '99.999' });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ cents: 1500, price: 15 });
      const updated = await shop.put(`/v1/products/${created.body.data.id}.json`, { cents: '1600', price: 'free' }, 'form');
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ cents: 1600, price: 16 });
    });

    it('refuses three decimals with 422 on price, and leaves the product as it was', async () => {
      const refused = await createProduct(shop, { price: '19.999' });
      expect(refused.status).toBe(422);
      expect(refused.body.meta.errors).toEqual({ price: [tooPrecise('USD', 2)] });
      const product = (await createProduct(shop, { price: '5' })).body.data;
      const update = await shop.put(`/v1/products/${product.id}.json`, { price: '5.005', name: 'Renamed' }, 'form');
      expect(update.status).toBe(422);
      expect(update.body.meta.errors).toEqual({ price: [tooPrecise('USD', 2)] });
      expect(await readProduct(shop, product.id)).toMatchObject({ name: 'Tea', cents: 500, price: 5 });
    });

    it('sets a variant override from override_price through JSON and a form, on create and update', async () => {
      const product = (await createProduct(shop, { price: '10' })).body.data;
      const json = await createVariant(shop, product.id, { override_price: 24.5 });
      expect(json.status).toBe(200);
      expect(json.body.data).toMatchObject({ has_override_price: true, cents: 2450, price: 24.5 });
      const form = await createVariant(shop, product.id, { override_price: '0.99', has_override_price: 'true' }, 'form');
      expect(form.body.data).toMatchObject({ cents: 99, price: 0.99 });
      const updated = await shop.put(`/v1/products/${product.id}/variants/${form.body.data.id}.json`, { override_price: '1.5' }, 'form');
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ cents: 150, price: 1.5 });
      const refused = await createVariant(shop, product.id, { override_price: '1.001' });
      expect(refused.status).toBe(422);
      expect(refused.body.meta.errors).toEqual({ override_price: [tooPrecise('USD', 2)] });
    });

    it.each<[string, Record<string, unknown>, InputStyle, Record<string, string[]>]>([
      ['a negative price', { price: '-1' }, 'json', { price: ['must be at least 0'] }],
      ['an encoded minus', { price: '%2D1' }, 'query', { price: [NOT_A_DECIMAL] }],
      ['an exponent', { price: '1e3' }, 'json', { price: [NOT_A_DECIMAL] }],
      ['a blank', { price: ' ' }, 'form', { price: [NOT_A_DECIMAL] }],
      ['a word', { price: 'free' }, 'form', { price: [NOT_A_DECIMAL] }],
      ['a JSON object', { price: { amount: 1 } }, 'json', { price: [NOT_A_DECIMAL] }],
      ['a price past the maximum', { price: '10000000.01' }, 'json', { price: ['must be at most 10000000.00'] }],
      ['a thousand-digit price', { price: '9'.repeat(1_000) }, 'form', { price: ['is too large'] }],
      ['a price longer than any field', { price: '9'.repeat(5_000) }, 'json', { price: ['is too long (maximum is 2048 characters)'] }],
    ])('answers 422 naming price for %s', async (_what, params, style, errors) => {
      const answer = await createProduct(shop, params, style);
      expect(answer.status).toBe(422);
      expect(answer.body.meta.errors).toEqual(errors);
    });

    it("answers 404 for another store's product or variant, however good the price", async () => {
      const product = (await createProduct(shop, { price: '3' })).body.data;
      const variantId = product.variants[0].variant.id;
      expect((await rival.put(`/v1/products/${product.id}.json`, { price: '1' })).status).toBe(404);
      expect((await rival.put(`/v1/products/${product.id}/variants/${variantId}.json`, { override_price: '1' })).status).toBe(404);
      expect((await rival.post(`/v1/products/${product.id}/variants.json`, { name: 'X', override_price: '1' })).status).toBe(404);
      expect(await readProduct(shop, product.id)).toMatchObject({ cents: 300, price: 3 });
    });
  });

  describe('in JPY (no decimals)', () => {
    beforeAll(() => switchCurrency(rival, 'JPY', 1999));

    it.each<[string, unknown, InputStyle]>([
      ['a JSON number', 1999, 'json'],
      ['a JSON string', '1999', 'json'],
      ['a form field', '1999', 'form'],
      ['a form field with zero decimals', '1999.00', 'form'],
    ])('creates a product from %s price as 1999 yen, not 199900', async (_how, price, style) => {
      const answer = await createProduct(rival, { price }, style);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ cents: 1999, price: 1999 });
      expect(answer.body.data.variants[0].variant).toMatchObject({ cents: 1999, price: 1999 });
      expect(await readProduct(rival, answer.body.data.id)).toMatchObject({ cents: 1999, price: 1999 });
    });

    it('refuses a fraction of a yen with 422 on price or override_price, JSON or form, rather than rounding it', async () => {
      for (const style of ['json', 'form'] as const) {
        const refused = await createProduct(rival, { price: '19.5' }, style);
        expect(refused.status).toBe(422);
        expect(refused.body.meta.errors).toEqual({ price: [tooPrecise('JPY', 0)] });
      }
      const product = (await createProduct(rival, { price: 500 })).body.data;
      const update = await rival.put(`/v1/products/${product.id}.json`, { price: 19.5 });
      expect(update.status).toBe(422);
      expect(update.body.meta.errors).toEqual({ price: [tooPrecise('JPY', 0)] });
      const variant = await createVariant(rival, product.id, { override_price: '25.5' }, 'form');
      expect(variant.status).toBe(422);
      expect(variant.body.meta.errors).toEqual({ override_price: [tooPrecise('JPY', 0)] });
      expect(await readProduct(rival, product.id)).toMatchObject({ cents: 500, price: 500, variants: [expect.anything()] });
    });

    it('updates a product and sets a variant override in yen', async () => {
      const product = (await createProduct(rival, { price: '100' }, 'form')).body.data;
      const updated = await rival.put(`/v1/products/${product.id}.json`, { price: '2500' }, 'form');
      expect(updated.body.data).toMatchObject({ cents: 2500, price: 2500 });
      const variant = await createVariant(rival, product.id, { override_price: 3000 });
      expect(variant.body.data).toMatchObject({ cents: 3000, price: 3000 });
      const changed = await rival.put(`/v1/products/${product.id}/variants/${variant.body.data.id}.json`, { override_price: '3100' });
      expect(changed.body.data).toMatchObject({ cents: 3100, price: 3100 });
    });

    it('takes up to 1,000,000,000 yen and no more', async () => {
      expect((await createProduct(rival, { price: '1000000000' })).body.data).toMatchObject({ cents: 1_000_000_000, price: 1_000_000_000 });
      const refused = await createProduct(rival, { price: '1000000001' });
      expect(refused.status).toBe(422);
      expect(refused.body.meta.errors).toEqual({ price: ['must be at most 1000000000'] });
    });
  });

  describe('in KWD (3 decimals)', () => {
    beforeAll(() => switchCurrency(shop, 'KWD', 1.999));

    it('creates products and variants with three decimals through JSON and a form', async () => {
      const json = await createProduct(shop, { price: '1.5' });
      expect(json.body.data).toMatchObject({ cents: 1500, price: 1.5 });
      const form = await createProduct(shop, { price: '1.999' }, 'form');
      expect(form.body.data).toMatchObject({ cents: 1999, price: 1.999 });
      const variant = await createVariant(shop, form.body.data.id, { override_price: '0.125' }, 'form');
      expect(variant.body.data).toMatchObject({ cents: 125, price: 0.125 });
      const updated = await shop.put(`/v1/products/${json.body.data.id}.json`, { price: 2.25 });
      expect(updated.body.data).toMatchObject({ cents: 2250, price: 2.25 });
    });

    it('refuses a fourth decimal with 422 on price', async () => {
      const refused = await createProduct(shop, { price: '1.2345' }, 'form');
      expect(refused.status).toBe(422);
      expect(refused.body.meta.errors).toEqual({ price: [tooPrecise('KWD', 3)] });
    });
  });
});
