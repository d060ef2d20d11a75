// Issue 12: the input limits of catalog and shipping, as an API client meets them through the gateway.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { streamEvents, waitFor } from '@commerce/testing';
import { ApiClient } from '../support/api.client';
import { createStoreWithCli, startStack, stackEnvironment, type JsonBody, type StackHandle } from '../support/stack.harness';

const TOO_LONG_URL = 'https://img.example.com/' + 'a'.repeat(1_000_000 - 'https://img.example.com/'.length);
const INVISIBLE = '\u200b\u200c\u0007\ufeff';

describe('input limits through the whole stack (issue 12)', () => {
  let dataDir: string;
  let stack: StackHandle;
  let shop: ApiClient;
  let storeId: number;
  let bus: NatsConnection;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-input-limits-'));
    const env = await stackEnvironment(dataDir);
    stack = await startStack(env);
    const created = await createStoreWithCli(env, 'limitshop');
    shop = new ApiClient(stack.baseUrl, created.api_key);
    storeId = created.store.id;
    bus = await connect({ servers: stack.info().nats_url });
  });

  afterAll(async () => {
    await bus?.drain();
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const productEvent = (productId: number) =>
    waitFor(
      async () =>
        (await streamEvents(await bus.jetstreamManager(), 'catalog')).find(
          (event) => event.store_id === storeId && event.topic === 'product/created' && event.resource_id === productId,
        ),
      { timeoutMs: 10_000, message: `product/created of ${productId}` },
    );

  it('answers 422 naming the photo for a 1,000,000-character photo URL (it was 200 and a 13 MB product)', async () => {
    const answer = await shop.post('/v1/products.json', { name: 'Huge photo', price: '5.00', photos: [TOO_LONG_URL] });

    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({
      code: 422,
      error_type: 'ValidationError',
      errors: { 'photos[0]': ['is too long (maximum is 2048 characters)'] },
    });
    const listed = (await shop.get('/v1/products.json')).body.data.products as JsonBody[];
    expect(listed.map((product) => product.name)).not.toContain('Huge photo');
  });

  it('renders the largest price exactly, and its event too', async () => {
    const answer = await shop.post('/v1/products.json', { name: 'Gold Tea', price: '10000000.00' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ cents: 1_000_000_000, price: 10_000_000 });
    const override = await shop.post(`/v1/products/${answer.body.data.id}/variants.json`, {
      name: 'Tin',
      has_override_price: true,
      override_price: '9999999.99',
    });
    expect(override.status).toBe(200);
    expect(override.body.data).toMatchObject({ cents: 999_999_999, price: 9_999_999.99 });

    expect((await productEvent(answer.body.data.id)).resource).toMatchObject({ cents: 1_000_000_000, price: 10_000_000 });
  });

  it('answers 422 for a price above 1,000,000,000 cents (9007199254740991 cents rendered a price that was not cents / 100)', async () => {
    const unsafe = await shop.post('/v1/products.json', { name: 'Unsafe Tea', cents: 9_007_199_254_740_991 });
    const decimal = await shop.post('/v1/products.json', { name: 'Dear Tea', price: '10000000.01' }, 'form');
    const product = (await shop.post('/v1/products.json', { name: 'Cheap Tea', cents: 100 })).body.data;
    const update = await shop.put(`/v1/products/${product.id}.json`, { cents: '1000000001' }, 'query');
    const override = await shop.post(`/v1/products/${product.id}/variants.json`, {
      name: 'Tin',
      has_override_price: true,
      override_cents: 1_000_000_001,
    });

    for (const answer of [unsafe, update]) {
      expect(answer.status).toBe(422);
      expect(answer.body.meta.errors).toEqual({ cents: ['must be at most 1000000000'] });
    }
    // A decimal price is read by catalog in the store's currency and named as sent (docs/catalog.md#price-input).
    expect(decimal.status).toBe(422);
    expect(decimal.body.meta.errors).toEqual({ price: ['must be at most 10000000.00'] });
    expect(override.status).toBe(422);
    expect(override.body.meta.errors).toEqual({ override_cents: ['must be at most 1000000000'] });
    expect((await shop.get(`/v1/products/${product.id}.json`)).body.data).toMatchObject({ cents: 100, price: 1 });
  });

  it("answers 422 can't be blank for names of only zero-width or control characters, in catalog and shipping", async () => {
    const answers = [
      await shop.post('/v1/products.json', { name: INVISIBLE, cents: 100 }),
      await shop.post('/v1/collections.json', { name: INVISIBLE }),
      await shop.post('/v1/shipping_groups.json', { name: INVISIBLE }),
      await shop.post('/v1/shipping_classes.json', { name: INVISIBLE }, 'form'),
    ];

    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.body.meta.errors).toEqual({ name: ["can't be blank"] });
    }
  });

  it('takes shipping amounts up to 100,000,000 cents and refuses more', async () => {
    const standard = (await shop.post('/v1/shipping_classes.json', { name: 'Standard', countries: ['US'] })).body.data;
    const atMost = await shop.post('/v1/shipping_groups.json', {
      name: 'Freight',
      rates: [{ shipping_class_id: standard.id, first_item_in_cents: 100_000_000, additional_item_in_cents: 0 }],
    });
    const above = await shop.put('/v1/shipping_rate.json', {
      shipping_group_id: atMost.body.data.id,
      shipping_class_id: standard.id,
      first_item_in_cents: 100_000_001,
    });

    expect(atMost.status).toBe(200);
    expect(atMost.body.data.shipping_rates[0].shipping_rate.first_item_in_cents).toBe(100_000_000);
    expect(above.status).toBe(422);
    expect(above.body.meta.errors).toEqual({ first_item_in_cents: ['must be at most 100000000'] });
  });
});
