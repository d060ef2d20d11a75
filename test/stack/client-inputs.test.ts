import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStoreWithCli, json, startStack, stackEnvironment, type JsonBody, type StackHandle } from '../support/stack.harness';

/**
 * Requests replayed byte for byte as the clients of the original API send them (docs/api-conventions.md#inputs): PHP's
 * http_build_query with brackets, Ruby's RestClient PUT without a Content-Type, jQuery's form posts,
 * Python requests with `params=` only, JSON with every scalar as a string, JSON text inside a form
 * value, paths without `.json` or with a trailing slash, and the key in each of its three places.
 */
interface Replay {
  client: string;
  method: 'POST' | 'PUT';
  path: string;
  contentType?: string;
  body?: string;
  /** Checks the record the call answered. */
  expect: (data: JsonBody) => void;
}

describe('replaying the input styles real clients send', () => {
  let dataDir: string;
  let stack: StackHandle;
  let apiKey: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-inputs-'));
    const env = await stackEnvironment(dataDir);
    stack = await startStack(env);
    apiKey = (await createStoreWithCli(env, 'replayshop')).api_key;
  });

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function send(replay: Replay): Promise<JsonBody> {
    const withIds = replay.path.replace(/:(\w+)/g, (_, name: string) => String(ids[name]));
    const headers: Record<string, string> = { 'API-KEY': apiKey };
    if (replay.contentType) headers['content-type'] = replay.contentType;
    const response = await fetch(`${stack.baseUrl}${withIds}`, { method: replay.method, headers, body: replay.body });
    const answer = await json(response);
    if (response.status !== 200) throw new Error(`${replay.client}: ${response.status} ${JSON.stringify(answer)}`);
    replay.expect(answer.data);
    return answer.data;
  }

  const FORM = 'application/x-www-form-urlencoded';
  const JQUERY_FORM = 'application/x-www-form-urlencoded; charset=UTF-8';

  it('PHP http_build_query: brackets for lists, price as a decimal string', async () => {
    const body =
      'name=Linen+Shirt&price=49.90&tag_list%5B0%5D=linen&tag_list%5B1%5D=summer' +
      '&photos%5B0%5D=http%3A%2F%2Fcdn.example.com%2Fshirt.jpg&preorder=0&on_sale=1';
    const data = await send({
      client: 'php',
      method: 'POST',
      path: '/v1/products.json',
      contentType: FORM,
      body,
      expect: (product) =>
        expect(product).toMatchObject({
          name: 'Linen Shirt',
          cents: 4990,
          price: 49.9,
          tag_list: ['linen', 'summer'],
          preorder: false,
          on_sale: true,
        }),
    });
    expect(data.photos[0].photo.original).toBe('//cdn.example.com/shirt.jpg');
    ids.product = data.id;
  });

  it('Ruby RestClient: PUT with a form body and no Content-Type', async () => {
    await send({
      client: 'ruby',
      method: 'PUT',
      path: '/v1/products/:product',
      body: 'status=hidden&description=Washed%20linen&sold=99',
      expect: (product) => expect(product).toMatchObject({ id: ids.product, status: 'hidden', description: 'Washed linen' }),
    });
  });

  it('jQuery $.post: charset in the Content-Type, booleans as "true"', async () => {
    const data = await send({
      client: 'jquery',
      method: 'POST',
      path: '/v1/products/:product/variants/',
      contentType: JQUERY_FORM,
      body: 'name=XL&full_quantity=12&in_stock=3&has_override_price=true&override_cents=5490',
      expect: (variant) =>
        expect(variant).toMatchObject({
          name: 'XL',
          full_quantity: 12,
          in_stock: 3,
          percent_available: 25,
          has_override_price: true,
          cents: 5490,
          price: 54.9,
        }),
    });
    ids.variant = data.id;
  });

  it('Python requests with params= only: the whole write in the query string', async () => {
    await send({
      client: 'python',
      method: 'PUT',
      path: `/v1/products/:product/variants/:variant.json?sku=LS-XL&in_stock=0`,
      expect: (variant) => expect(variant).toMatchObject({ sku: 'LS-XL', in_stock: 0, sold_out: true, status: 'sold-out' }),
    });
  });

  it('JSON with every scalar as a string', async () => {
    const data = await send({
      client: 'json-strings',
      method: 'POST',
      path: '/v1/products.json',
      contentType: 'application/json',
      body: JSON.stringify({
        name: 'Canvas Tote',
        cents: '1500',
        list_in_marketplace: 'true',
        marketplace_category_id: '12',
        position: 'top',
      }),
      expect: (product) =>
        expect(product).toMatchObject({ name: 'Canvas Tote', cents: 1500, list_in_marketplace: true, marketplace_category_id: 12 }),
    });
    ids.tote = data.id;
  });

  it('JSON text inside form values: products of a collection, rates of a group, countries of a class', async () => {
    const collection = await send({
      client: 'form-json-text',
      method: 'POST',
      path: '/v1/collections',
      contentType: FORM,
      body: `name=Summer&products=${encodeURIComponent(JSON.stringify([ids.product, ids.tote]))}`,
      expect: (data) => expect(data).toMatchObject({ name: 'Summer', products: [ids.product, ids.tote] }),
    });
    ids.collection = collection.id;
    const shippingClass = await send({
      client: 'form-json-text',
      method: 'POST',
      path: '/v1/shipping_classes.json',
      contentType: FORM,
      body: `name=Domestic&countries=${encodeURIComponent('["US","CA"]')}`,
      expect: (data) => expect(data).toMatchObject({ name: 'Domestic', countries: ['US', 'CA'] }),
    });
    const rates = JSON.stringify([{ shipping_class_id: shippingClass.id, first_item_in_cents: '500', additional_item_in_cents: '100' }]);
    await send({
      client: 'query-json-text',
      method: 'POST',
      path: `/v1/shipping_groups.json?name=Parcels&rates=${encodeURIComponent(rates)}`,
      expect: (data) =>
        expect(data.shipping_rates).toEqual([
          { shipping_rate: { shipping_class_id: shippingClass.id, first_item_in_cents: 500, additional_item_in_cents: 100 } },
        ]),
    });
  });

  it('bracket nesting into objects: the store update of a settings form', async () => {
    await send({
      client: 'nested-form',
      method: 'PUT',
      path: '/v1/store.json',
      contentType: FORM,
      body: 'store%5Bname%5D=ignored&name=Replay+Shop+Two&storefront_open=1&time_zone=Europe%2FBerlin',
      expect: (store) => expect(store).toMatchObject({ name: 'Replay Shop Two', storefront_open: true, time_zone: 'Europe/Berlin' }),
    });
    const product = await json(await fetch(`${stack.baseUrl}/v1/products/${ids.tote}.json?api_key=${apiKey}`));
    expect(product.data.created_at).toMatch(/[+]0[12]:00$/);
  });

  it('the key in the query, the API-KEY header or as the HTTP Basic user reads the same collection', async () => {
    const viaQuery = await json(await fetch(`${stack.baseUrl}/v1/collections/${ids.collection}?api_key=${apiKey}`));
    const viaBasic = await json(
      await fetch(`${stack.baseUrl}/v1/collections/${ids.collection}.json`, {
        headers: { authorization: `Basic ${Buffer.from(`${apiKey}:x`).toString('base64')}` },
      }),
    );
    const viaHeader = await json(await fetch(`${stack.baseUrl}/v1/collections/${ids.collection}/`, { headers: { 'API-KEY': apiKey } }));
    expect(viaQuery.data).toEqual(viaBasic.data);
    expect(viaHeader.data).toEqual(viaBasic.data);
    expect(viaBasic.data.products).toEqual([ids.product, ids.tote]);
  });
});
