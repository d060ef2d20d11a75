import { request as httpRequest } from 'node:http';
import { connect, type NatsConnection } from 'nats';
import { waitFor } from '@commerce/testing';
import { ApiClient, type ApiAnswer } from '../support/api.client';
import {
  ADDRESS_KEYS,
  allOrders,
  BUYER_ADDRESS,
  checkout,
  checkoutParams,
  FULFILLMENT_KEYS,
  isPlaced,
  ITEM_KEYS,
  ORDER_KEYS,
  stockOf,
  stockShop,
  ZONED,
  type StockedShop,
} from '../support/orders.fixture';
import { createStoreWithCli, json, type JsonBody } from '../support/stack.harness';
import { subjectEvents } from '../support/subject-events.harness';
import { PRODUCT_KEYS, VARIANT_KEYS } from '../support/answer-keys';
import { PageClient, PASSWORD, startOAuthStack, type OAuthStack } from './oauth-stack.fixture';

/**
 * Issue 13: orders and fulfillments through the whole stack (docs/orders.md, docs/api-conventions.md#inputs):
 * buyers check out at `/s/<subdomain>/checkout`, the owner works the orders with an API key or an OAuth
 * token, another store's key never sees or changes them, and every change is an event on JetStream
 * carrying the order as the API renders it.
 */

const PAGINATION_KEYS = ['total', 'offset', 'total_pages', 'next_url', 'current_max_id'].sort();
/** Nothing in this file is about the limits: one address places every checkout, one key sends every call. */
const WIDE_OPEN = {
  CHECKOUT_BURST: '1000000',
  CHECKOUT_PER_SECOND: '1000000',
  RATE_LIMIT_BURST: '1000000',
  RATE_LIMIT_PER_SECOND: '1000000',
};
const ZONE_OFFSET = /[+-]\d\d:\d\d$/;
const ORDER_TOPICS = ['order/created', 'order/paid', 'order/updated', 'order/shipped', 'order/on_hold', 'order/opened', 'order/canceled'];

let oauth: OAuthStack;
let shop: ApiClient;
let rival: ApiClient;
let shopStoreId: number;
let shopSubdomain: string;
let rivalSubdomain: string;
let bus: NatsConnection;
let stocked: StockedShop;
let rivalStocked: StockedShop;
/** OAuth tokens of the shop's owner: store_read only, and store_read + store_write. */
let reader: string;
let writer: string;

/** Every event the shop's changes must have published, as the API rendered the record at that point. */
const expectedEvents: Array<{ topic: string; resourceId: number; resource: JsonBody }> = [];
const expectEvent = (topic: string, resource: JsonBody) => expectedEvents.push({ topic, resourceId: resource.id as number, resource });

beforeAll(async () => {
  oauth = await startOAuthStack('orders', WIDE_OPEN);
  // storectl's store create; the owner's password is PASSWORD.
  const owner = await createStoreWithCli(oauth.env, 'ordershop');
  const other = await createStoreWithCli(oauth.env, 'orderrival');
  shop = new ApiClient(oauth.stack.baseUrl, owner.api_key);
  rival = new ApiClient(oauth.stack.baseUrl, other.api_key);
  shopStoreId = owner.store.id;
  shopSubdomain = owner.store.subdomain;
  rivalSubdomain = other.store.subdomain;
  bus = await connect({ servers: oauth.stack.info().nats_url });
  stocked = await stockShop(shop, [
    { name: 'Mug', cents: 1250, stock: [20] },
    { name: 'Tea', cents: 800, stock: [30, 30] },
    { name: 'Pot', cents: 3000, stock: [10] },
    { name: 'Scarce', cents: 500, stock: [1, 2] },
  ]);
  rivalStocked = await stockShop(rival, [{ name: 'Rival Mug', cents: 999, stock: [5] }]);
  const browser = new PageClient(oauth.stack.baseUrl);
  const signedIn = await browser.signIn(owner.user.email, PASSWORD);
  if (signedIn.status !== 303) throw new Error(`sign-in through the gateway answered ${signedIn.status}`);
  reader = await tokenFor(browser, '');
  writer = await tokenFor(browser, 'store_write');
});

afterAll(async () => {
  await bus?.drain();
  await oauth?.stop();
});

async function tokenFor(browser: PageClient, scope: string): Promise<string> {
  const redirect = await browser.approve({
    client_id: oauth.app.client_id,
    redirect_uri: oauth.app.redirect_uri,
    response_type: 'code',
    state: 'st',
    scope,
  });
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: redirect.searchParams.get('code')!,
    redirect_uri: oauth.app.redirect_uri,
    client_id: oauth.app.client_id,
    client_secret: oauth.app.client_secret,
  });
  const answer = await fetch(`${oauth.stack.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const body = await json(answer);
  if (answer.status !== 200 || typeof body.access_token !== 'string')
    throw new Error(`token exchange answered ${answer.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** A call with an OAuth token in the Authorization header (JSON body when params are given). */
async function withToken(token: string, method: string, path: string, params?: Record<string, unknown>): Promise<ApiAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (params) headers['content-type'] = 'application/json';
  const response = await fetch(`${oauth.stack.baseUrl}${path}`, { method, headers, body: params && JSON.stringify(params) });
  return { status: response.status, body: await json(response), headers: response.headers };
}

const mug = () => stocked.products[0]!;
const tea = () => stocked.products[1]!;
const pot = () => stocked.products[2]!;
const scarce = () => stocked.products[3]!;

/** A checkout that must be placed; answers the order it renders. */
async function place(
  items: Array<{ variant_id: number; quantity: number }>,
  overrides: Record<string, unknown> = {},
  subdomain = shopSubdomain,
): Promise<JsonBody> {
  const answer = await checkout(oauth.stack.baseUrl, subdomain, checkoutParams(items, overrides));
  if (!isPlaced(answer.status)) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const order = answer.body!.data as JsonBody;
  if (subdomain === shopSubdomain) {
    // Placed pending with its stock reserved (order/created), then paid (order/paid): both carry the order as rendered then.
    expectEvent('order/created', {
      ...order,
      status: 'pending',
      financial_status: 'pending',
      paid_at: null,
      updated_at: order.confirmed_at,
    });
    expectEvent('order/paid', order);
  }
  return order;
}

const itemOf = (order: JsonBody, variantId: number): JsonBody =>
  (order.items as JsonBody[]).map((entry) => entry.item as JsonBody).find((item) => item.variant_id === variantId)!;

/** Expects a 409 InvalidTransition whose message names the order's current status. */
function expectInvalidTransition(answer: ApiAnswer, status: string): void {
  expect({ status: answer.status, error_type: answer.body.meta?.error_type }).toEqual({ status: 409, error_type: 'InvalidTransition' });
  expect(answer.body.meta.code).toBe(409);
  expect(answer.body.error).toContain(status);
}

const read = async (id: number): Promise<JsonBody> => {
  const answer = await shop.get(`/v1/orders/${id}.json`);
  expect(answer.status).toBe(200);
  return answer.body.data;
};

let first: JsonBody; // Mug ×2 + Tea ×1, placed with a note and the class named
let big: JsonBody; // four lines, shipped in three fulfillments
let rivalOrder: JsonBody;

describe('checkout at /s/<subdomain>/checkout (docs/orders.md#checkout-buyer-path)', () => {
  it('places a paid, open order rendered as docs/orders.md#records, and takes its stock', async () => {
    const answer = await checkout(
      oauth.stack.baseUrl,
      shopSubdomain,
      checkoutParams(
        [
          { variant_id: mug().variantIds[0]!, quantity: 2 },
          { variant_id: tea().variantIds[0]!, quantity: 1 },
        ],
        { user_note: 'Leave at the door', shipping_class_id: stocked.classId },
      ),
    );
    expect(isPlaced(answer.status)).toBe(true);
    expect(answer.body!.meta).toMatchObject({ code: answer.status, api_version: '1.0' });
    first = answer.body!.data;
    expectEvent('order/created', {
      ...first,
      status: 'pending',
      financial_status: 'pending',
      paid_at: null,
      updated_at: first.confirmed_at,
    });
    expectEvent('order/paid', first);

    expect(Object.keys(first).sort()).toEqual(ORDER_KEYS);
    expect(first).toMatchObject({
      status: 'open',
      payment_processor: 'test',
      email: 'ann@buyer.example',
      user_note: 'Leave at the door',
      // 2 × 12.50 + 8.00; one group: 5.00 for the first unit, 1.50 for each of the two others.
      subtotal: 3300,
      shipping: 800,
      tax: 0,
      discounts: 0,
      price: '41.00',
      fulfilled_at: null,
      fulfillments: [],
    });
    expect(first.address).toEqual(BUYER_ADDRESS);
    expect(Object.keys(first.address).sort()).toEqual(ADDRESS_KEYS);
    for (const stamp of ['paid_at', 'confirmed_at', 'updated_at']) expect(first[stamp]).toMatch(ZONED);
    expect(first.items).toHaveLength(2);
    for (const entry of first.items as JsonBody[]) {
      expect(Object.keys(entry)).toEqual(['item']);
      expect(Object.keys(entry.item).sort()).toEqual(ITEM_KEYS);
    }
    expect(itemOf(first, mug().variantIds[0]!)).toMatchObject({
      order_id: first.id,
      product_id: mug().id,
      product_name: 'Mug',
      variant_name: 'Default',
      sku: null,
      quantity: 2,
      list_price: 1250,
      discount: 0,
      tax: 0,
      price_in_cents: 2500,
      fulfilled_at: null,
      fulfillment_id: null,
    });
    expect(itemOf(first, tea().variantIds[0]!)).toMatchObject({
      product_id: tea().id,
      product_name: 'Tea',
      quantity: 1,
      list_price: 800,
      price_in_cents: 800,
    });

    expect(await stockOf(shop, mug().id, mug().variantIds[0]!)).toEqual({ in_stock: 18, sold: 2 });
    expect(await stockOf(shop, tea().id, tea().variantIds[0]!)).toEqual({ in_stock: 29, sold: 1 });
  });

  it('answers GET /v1/orders/:id with exactly that order, to the API key and to a store_read token', async () => {
    const byKey = await shop.get(`/v1/orders/${first.id}.json`);
    expect(byKey.status).toBe(200);
    expect(byKey.body.data).toEqual(first);
    expect(Object.keys(byKey.body.data).sort()).toEqual(ORDER_KEYS);
    expect((await shop.get(`/v1/orders/${first.id}`)).body.data).toEqual(first);
    const byToken = await withToken(reader, 'GET', `/v1/orders/${first.id}.json`);
    expect(byToken.status).toBe(200);
    expect(byToken.body.data).toEqual(first);
    const inQuery = await fetch(`${oauth.stack.baseUrl}/v1/orders/${first.id}.json?access_token=${reader}`);
    expect((await json(inQuery)).data).toEqual(first);
  });

  it('honours Idempotency-Key: the same checkout sent again answers the same order and takes the stock once', async () => {
    const params = checkoutParams([{ variant_id: tea().variantIds[1]!, quantity: 1 }], { email: 'twice@buyer.example' });
    const once = await checkout(oauth.stack.baseUrl, shopSubdomain, params, { idempotencyKey: 'buyer-cart-42' });
    expect(isPlaced(once.status)).toBe(true);
    const order = once.body!.data as JsonBody;
    expectEvent('order/created', {
      ...order,
      status: 'pending',
      financial_status: 'pending',
      paid_at: null,
      updated_at: order.confirmed_at,
    });
    expectEvent('order/paid', order);
    const again = await checkout(oauth.stack.baseUrl, shopSubdomain, params, { idempotencyKey: 'buyer-cart-42' });
    expect(again.status).toBe(once.status);
    expect(again.body!.data).toEqual(order);
    expect(again.headers!.get('idempotent-replayed')).toBe('true');
    expect((await allOrders(shop)).filter((listed) => listed.email === 'twice@buyer.example')).toHaveLength(1);
    expect(await stockOf(shop, tea().id, tea().variantIds[1]!)).toEqual({ in_stock: 29, sold: 1 });
    // The same key with other parameters is refused; at another store it is another buyer's key altogether.
    const changed = await checkout(
      oauth.stack.baseUrl,
      shopSubdomain,
      { ...params, items: [{ variant_id: tea().variantIds[1]!, quantity: 2 }] },
      { idempotencyKey: 'buyer-cart-42' },
    );
    expect(changed.status).toBe(422);
    const elsewhere = await checkout(
      oauth.stack.baseUrl,
      rivalSubdomain,
      checkoutParams([{ variant_id: rivalStocked.products[0]!.variantIds[0]!, quantity: 1 }], { email: 'twice@buyer.example' }),
      { idempotencyKey: 'buyer-cart-42' },
    );
    expect(isPlaced(elsewhere.status)).toBe(true);
    expect(elsewhere.body!.data.id).not.toBe(order.id);
    expect(elsewhere.headers!.get('idempotent-replayed')).toBeNull();
    expect(await stockOf(shop, tea().id, tea().variantIds[1]!)).toEqual({ in_stock: 29, sold: 1 });
  });

  it("takes the page's form too: a urlencoded body with the address and items as JSON text", async () => {
    const form = new URLSearchParams({
      email: 'form@buyer.example',
      address: JSON.stringify(BUYER_ADDRESS),
      items: JSON.stringify([{ variant_id: tea().variantIds[1]!, quantity: 1 }]),
      payment_token: 'tok_visa',
    });
    const response = await fetch(`${oauth.stack.baseUrl}/s/${shopSubdomain}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const body = await json(response);
    expect(isPlaced(response.status)).toBe(true);
    expect(body.data).toMatchObject({
      status: 'open',
      email: 'form@buyer.example',
      address: BUYER_ADDRESS,
      items: [{ item: { variant_id: tea().variantIds[1], quantity: 1 } }],
    });
    expectEvent('order/created', {
      ...body.data,
      status: 'pending',
      financial_status: 'pending',
      paid_at: null,
      updated_at: body.data.confirmed_at,
    });
    expectEvent('order/paid', body.data);
    expect(await stockOf(shop, tea().id, tea().variantIds[1]!)).toEqual({ in_stock: 28, sold: 2 });
  });

  it("takes a checkout on the store's own host too (Host: <subdomain>.shops.localhost, POST /checkout)", async () => {
    const { port } = new URL(oauth.stack.baseUrl);
    const body = JSON.stringify(checkoutParams([{ variant_id: tea().variantIds[1]!, quantity: 1 }], { email: 'host@buyer.example' }));
    const answer = await new Promise<{ status: number; body: JsonBody }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          path: '/checkout',
          method: 'POST',
          headers: {
            host: `${shopSubdomain}.shops.localhost:${port}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonBody }),
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(isPlaced(answer.status)).toBe(true);
    expect(answer.body.data).toMatchObject({
      status: 'open',
      email: 'host@buyer.example',
      items: [{ item: { variant_id: tea().variantIds[1], quantity: 1 } }],
    });
    expectEvent('order/created', {
      ...answer.body.data,
      status: 'pending',
      financial_status: 'pending',
      paid_at: null,
      updated_at: answer.body.data.confirmed_at,
    });
    expectEvent('order/paid', answer.body.data);
  });

  it('answers 422 naming each bad field, and 404 for a store that does not exist', async () => {
    const bad = await checkout(oauth.stack.baseUrl, shopSubdomain, {
      address: { ...BUYER_ADDRESS, country: 'USA' },
      items: [],
      payment_token: 'tok_visa',
    });
    expect(bad.status).toBe(422);
    expect(bad.body!.meta).toMatchObject({ code: 422, error_type: 'ValidationError' });
    expect(Object.keys(bad.body!.meta.errors).join(' ')).toMatch(/email/);
    expect(Object.keys(bad.body!.meta.errors).join(' ')).toMatch(/items/);
    // Shapes are fine but nothing ships there, or not by the class asked for: 422 on that field (bracket names, as the
    // form sends them), stock given back.
    const abroad = await checkout(
      oauth.stack.baseUrl,
      shopSubdomain,
      checkoutParams([{ variant_id: mug().variantIds[0]!, quantity: 1 }], { address: { ...BUYER_ADDRESS, country: 'FR' } }),
    );
    expect(abroad.status).toBe(422);
    expect(Object.keys(abroad.body!.meta.errors)).toEqual(['address[country]']);
    const otherClass = await checkout(
      oauth.stack.baseUrl,
      shopSubdomain,
      checkoutParams([{ variant_id: mug().variantIds[0]!, quantity: 1 }], { shipping_class_id: stocked.classId + 1000 }),
    );
    expect(otherClass.status).toBe(422);
    expect(Object.keys(otherClass.body!.meta.errors)).toEqual(['shipping_class_id']);
    const nowhere = await checkout(
      oauth.stack.baseUrl,
      'no-such-shop',
      checkoutParams([{ variant_id: mug().variantIds[0]!, quantity: 1 }]),
    );
    expect(nowhere.status).toBe(404);
    expect(await stockOf(shop, mug().id, mug().variantIds[0]!)).toEqual({ in_stock: 18, sold: 2 });
  });

  it('answers 409 OutOfStock naming every short variant in meta.errors.items, and takes nothing', async () => {
    const [one, two] = scarce().variantIds as [number, number];
    const before = (await allOrders(shop)).length;
    const answer = await checkout(
      oauth.stack.baseUrl,
      shopSubdomain,
      checkoutParams([
        { variant_id: one, quantity: 2 },
        { variant_id: two, quantity: 5 },
        { variant_id: mug().variantIds[0]!, quantity: 1 },
      ]),
    );
    expect(answer.status).toBe(409);
    expect(answer.body!.meta).toMatchObject({ code: 409, error_type: 'OutOfStock' });
    const lines = answer.body!.meta.errors.items as string[];
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(String(one));
    expect(lines[1]).toContain(String(two));
    expect(await stockOf(shop, scarce().id, one)).toEqual({ in_stock: 1, sold: 0 });
    expect(await stockOf(shop, scarce().id, two)).toEqual({ in_stock: 2, sold: 0 });
    expect(await stockOf(shop, mug().id, mug().variantIds[0]!)).toEqual({ in_stock: 18, sold: 2 });
    expect(await allOrders(shop)).toHaveLength(before);
  });

  it('answers 402 PaymentDeclined, keeps the order as "failed" and gives its stock back', async () => {
    const potVariant = pot().variantIds[0]!;
    const answer = await checkout(
      oauth.stack.baseUrl,
      shopSubdomain,
      checkoutParams([{ variant_id: potVariant, quantity: 3 }], { email: 'declined@buyer.example', payment_token: 'tok_chargeDeclined' }),
    );
    expect(answer.status).toBe(402);
    expect(answer.body!.meta).toMatchObject({ code: 402, error_type: 'PaymentDeclined' });
    const failed = (await allOrders(shop, 'failed')).filter((order) => order.email === 'declined@buyer.example');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status: 'failed', paid_at: null, subtotal: 9000 });
    expect(await read(failed[0]!.id)).toEqual(failed[0]);
    await waitFor(async () => (await stockOf(shop, pot().id, potVariant)).in_stock === 10, {
      timeoutMs: 15_000,
      message: "the declined order's stock back in catalog",
    });
    expect(await stockOf(shop, pot().id, potVariant)).toEqual({ in_stock: 10, sold: 0 });
    expectEvent('order/created', { ...failed[0], status: 'pending', financial_status: 'pending', updated_at: failed[0]!.confirmed_at });
    expectEvent('order/updated', failed[0]!);
  });
});

describe('shipping and fulfillments (docs/orders.md#statuses, docs/orders.md#fulfillments)', () => {
  let itemIds: number[];

  beforeAll(async () => {
    big = await place(
      [
        { variant_id: mug().variantIds[0]!, quantity: 1 },
        { variant_id: tea().variantIds[0]!, quantity: 2 },
        { variant_id: tea().variantIds[1]!, quantity: 1 },
        { variant_id: pot().variantIds[0]!, quantity: 1 },
      ],
      { email: 'big@buyer.example' },
    );
    itemIds = [mug().variantIds[0]!, tea().variantIds[0]!, tea().variantIds[1]!, pot().variantIds[0]!].map(
      (variantId) => itemOf(big, variantId).id as number,
    );
    rivalOrder = await place(
      [{ variant_id: rivalStocked.products[0]!.variantIds[0]!, quantity: 1 }],
      { email: 'rivalbuyer@buyer.example' },
      rivalSubdomain,
    );
  });

  it('ships the items sent as a JSON array in a JSON body: Partially Shipped, one fulfillment', async () => {
    const answer = await shop.put(`/v1/orders/${big.id}/ship.json`, {
      items: [itemIds[0]],
      tracking_number: '1Z001',
      shipping_company: 'UPS',
      notify_customer: true,
      note_to_customer: 'First box',
    });
    expect(answer.status).toBe(200);
    big = answer.body.data;
    expectEvent('order/shipped', big);
    expect(Object.keys(big).sort()).toEqual(ORDER_KEYS);
    expect(big).toMatchObject({ status: 'Partially Shipped', fulfilled_at: null });
    expect(big.fulfillments).toHaveLength(1);
    const fulfillment = big.fulfillments[0];
    expect(Object.keys(fulfillment).sort()).toEqual(FULFILLMENT_KEYS);
    expect(fulfillment).toMatchObject({
      order_id: big.id,
      tracking_number: '1Z001',
      shipping_company: 'UPS',
      notify_customer: true,
      note_to_customer: 'First box',
    });
    expect(fulfillment.created_at).toMatch(ZONED);
    const shipped = itemOf(big, mug().variantIds[0]!);
    expect(shipped).toMatchObject({ id: itemIds[0], fulfillment_id: fulfillment.id });
    expect(shipped.fulfilled_at).toMatch(ZONED);
    expect(fulfillment.items).toEqual([{ item: shipped }]);
    expect(itemOf(big, pot().variantIds[0]!)).toMatchObject({ fulfilled_at: null, fulfillment_id: null });
    expect(await read(big.id)).toEqual(big);
  });

  it('answers 422 for an item shipped already or of another order, and changes nothing', async () => {
    const again = await shop.put(`/v1/orders/${big.id}/ship.json`, { items: [itemIds[0]] });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.meta.errors)).toContain('items');
    const foreignItem = (first.items[0].item as JsonBody).id;
    const other = await shop.put(`/v1/orders/${big.id}/ship.json`, { items: [foreignItem] });
    expect(other.status).toBe(422);
    expect(await read(big.id)).toEqual(big);
    expect(await read(first.id)).toEqual(first);
  });

  it('ships items sent as JSON text in a query-only PUT (?items=[id])', async () => {
    const answer = await shop.raw(
      'PUT',
      `/v1/orders/${big.id}/ship.json?items=${encodeURIComponent(`[${itemIds[1]}]`)}&tracking_number=1Z002`,
      undefined,
    );
    expect(answer.status).toBe(200);
    big = answer.body.data;
    expectEvent('order/shipped', big);
    expect(big.status).toBe('Partially Shipped');
    expect(big.fulfillments).toHaveLength(2);
    expect(big.fulfillments[1]).toMatchObject({ tracking_number: '1Z002', items: [{ item: itemOf(big, tea().variantIds[0]!) }] });
    expect(itemOf(big, tea().variantIds[0]!).fulfillment_id).toBe(big.fulfillments[1].id);
  });

  it('ships the rest sent as a comma list: shipped, with fulfilled_at', async () => {
    const answer = await shop.put(`/v1/orders/${big.id}/ship`, { items: `${itemIds[2]},${itemIds[3]}`, tracking_number: '1Z003' }, 'form');
    expect(answer.status).toBe(200);
    big = answer.body.data;
    expectEvent('order/shipped', big);
    expect(big.status).toBe('shipped');
    expect(big.fulfilled_at).toMatch(ZONED);
    expect(big.fulfillments).toHaveLength(3);
    expect(big.fulfillments[2].items.map((entry: JsonBody) => entry.item.id).sort()).toEqual([itemIds[2], itemIds[3]].sort());
    for (const { item } of big.items as JsonBody[]) expect(item.fulfilled_at).toMatch(ZONED);
    expect(await read(big.id)).toEqual(big);
    expect((await allOrders(shop, 'shipped')).map((order) => order.id)).toEqual([big.id]);
  });

  it("changes a fulfillment's tracking fields with PUT /v1/orders/:order_id/fulfillments/:id", async () => {
    const fulfillmentId = big.fulfillments[0].id;
    const answer = await shop.put(`/v1/orders/${big.id}/fulfillments/${fulfillmentId}.json`, {
      tracking_number: '1Z999',
      shipping_company: 'FedEx',
    });
    expect(answer.status).toBe(200);
    const fulfillment = answer.body.data;
    expect(Object.keys(fulfillment).sort()).toEqual(FULFILLMENT_KEYS);
    expect(fulfillment).toMatchObject({
      id: fulfillmentId,
      order_id: big.id,
      tracking_number: '1Z999',
      shipping_company: 'FedEx',
      note_to_customer: 'First box',
      notify_customer: true,
    });
    expect(fulfillment.items).toEqual(big.fulfillments[0].items);
    expectEvent('fulfillment/updated', fulfillment);
    const now = await read(big.id);
    expect(now.fulfillments[0]).toEqual(fulfillment);
    big = now;
    const byToken = await withToken(writer, 'PUT', `/v1/orders/${big.id}/fulfillments/${fulfillmentId}`, {
      note_to_customer: 'On its way',
    });
    expect(byToken.status).toBe(200);
    expect(byToken.body.data).toMatchObject({ tracking_number: '1Z999', note_to_customer: 'On its way' });
    expectEvent('fulfillment/updated', byToken.body.data);
    big = await read(big.id);
  });

  it('answers 404 for a fulfillment under another order, and for one that does not exist', async () => {
    const fulfillmentId = big.fulfillments[0].id;
    const elsewhere = await shop.put(`/v1/orders/${first.id}/fulfillments/${fulfillmentId}.json`, { tracking_number: 'HIJACK' });
    expect(elsewhere.status).toBe(404);
    expect((await shop.put(`/v1/orders/${big.id}/fulfillments/987654.json`, { tracking_number: 'X' })).status).toBe(404);
    expect(await read(big.id)).toEqual(big);
    expect(await read(first.id)).toEqual(first);
  });

  it("lists the order's products and variants (distinct, in the order of its items)", async () => {
    const products = await shop.get(`/v1/orders/${big.id}/products.json`);
    expect(products.status).toBe(200);
    expect(products.body.data.products.map((product: JsonBody) => product.id)).toEqual([mug().id, tea().id, pot().id]);
    for (const product of products.body.data.products as JsonBody[]) expect(Object.keys(product).sort()).toEqual([...PRODUCT_KEYS].sort());
    const variants = await withToken(reader, 'GET', `/v1/orders/${big.id}/variants`);
    expect(variants.status).toBe(200);
    expect(variants.body.data.variants.map((variant: JsonBody) => variant.id)).toEqual([
      mug().variantIds[0],
      tea().variantIds[0],
      tea().variantIds[1],
      pot().variantIds[0],
    ]);
    for (const variant of variants.body.data.variants as JsonBody[]) expect(Object.keys(variant).sort()).toEqual([...VARIANT_KEYS].sort());
    expect(variants.body.data.variants[0]).toMatchObject({ product_id: mug().id, name: 'Default' });
  });
});

describe('hold, open and cancel (docs/orders.md#statuses)', () => {
  it('refuses a store_read token on PUT with 403 naming store_write, and changes nothing', async () => {
    const answer = await withToken(reader, 'PUT', `/v1/orders/${first.id}/hold.json`);
    expect(answer.status).toBe(403);
    expect(answer.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(answer.body.error).toContain('store_write');
    expect((await withToken(reader, 'PUT', `/v1/orders/${big.id}/ship.json`, {})).status).toBe(403);
    expect(
      (await withToken(reader, 'PUT', `/v1/orders/${big.id}/fulfillments/${big.fulfillments[0].id}.json`, { tracking_number: 'RO' }))
        .status,
    ).toBe(403);
    expect(await read(first.id)).toEqual(first);
    expect(await read(big.id)).toEqual(big);
  });

  it('holds an open order with a store_write token; it leaves the open list', async () => {
    const answer = await withToken(writer, 'PUT', `/v1/orders/${first.id}/hold.json`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: first.id, status: 'on hold' });
    first = answer.body.data;
    expectEvent('order/on_hold', first);
    expect((await allOrders(shop, 'open')).map((order) => order.id)).not.toContain(first.id);
    expect((await allOrders(shop, 'on hold')).map((order) => order.id)).toEqual([first.id]);
  });

  it('answers 409 InvalidTransition naming the status for what the status refuses', async () => {
    expectInvalidTransition(await shop.put(`/v1/orders/${first.id}/ship.json`, {}), 'on hold');
    expectInvalidTransition(await shop.put(`/v1/orders/${first.id}/hold.json`, {}), 'on hold');
    expectInvalidTransition(await shop.put(`/v1/orders/${big.id}/hold.json`, {}), 'shipped');
    expectInvalidTransition(await shop.put(`/v1/orders/${big.id}/ship.json`, {}), 'shipped');
    expectInvalidTransition(await shop.put(`/v1/orders/${big.id}/cancel.json`, {}), 'shipped');
    expect(await read(first.id)).toEqual(first);
    expect(await read(big.id)).toEqual(big);
  });

  it('opens an order on hold, and a shipped one (keeping its fulfillments; nothing is left to ship)', async () => {
    const reopened = await shop.put(`/v1/orders/${first.id}/open.json`, {});
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ id: first.id, status: 'open' });
    first = reopened.body.data;
    expectEvent('order/opened', first);

    const shippedAgain = await shop.put(`/v1/orders/${big.id}/open`, {}, 'query');
    expect(shippedAgain.status).toBe(200);
    const opened = shippedAgain.body.data;
    expect(opened).toMatchObject({ status: 'open', fulfilled_at: null });
    expect(opened.fulfillments).toEqual(big.fulfillments);
    expect(opened.items).toEqual(big.items);
    big = opened;
    expectEvent('order/opened', big);
    const nothing = await shop.put(`/v1/orders/${big.id}/ship.json`, {});
    expect(nothing.status).toBe(409);
    expect(await read(big.id)).toEqual(big);
  });

  it('cancels an open order with nothing shipped: canceled, its stock back in catalog; then refuses to open it', async () => {
    const answer = await shop.put(`/v1/orders/${first.id}/cancel.json`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: first.id, status: 'canceled' });
    first = answer.body.data;
    // A paid order's cancel refunds it first (docs/money.md#refunds): order/updated, still open, refunded, then order/canceled.
    expect(first).toMatchObject({ financial_status: 'refunded', refunded: first.subtotal + first.shipping });
    const refunded = await waitFor(
      async () =>
        (await subjectEvents(bus, 'orders', `events.orders.${shopStoreId}.order/updated`))
          .map((event) => event.resource as JsonBody)
          .find((resource) => resource.id === first.id && resource.financial_status === 'refunded'),
      { timeoutMs: 15_000, intervalMs: 250, message: "the cancel's refund as order/updated" },
    );
    expect(refunded).toEqual({ ...first, status: 'open', updated_at: refunded.updated_at });
    expectEvent('order/updated', refunded);
    expectEvent('order/canceled', first);
    // Mug: 20 − 2 (first) − 1 (big) + 2 back; Tea: 30 − 1 − 2 + 1 back.
    await waitFor(async () => (await stockOf(shop, mug().id, mug().variantIds[0]!)).in_stock === 19, {
      timeoutMs: 15_000,
      message: "the canceled order's stock back",
    });
    expect(await stockOf(shop, mug().id, mug().variantIds[0]!)).toEqual({ in_stock: 19, sold: 1 });
    expect(await stockOf(shop, tea().id, tea().variantIds[0]!)).toEqual({ in_stock: 28, sold: 2 });
    expectInvalidTransition(await shop.put(`/v1/orders/${first.id}/open.json`, {}), 'canceled');
    expectInvalidTransition(await shop.put(`/v1/orders/${first.id}/cancel.json`, {}), 'canceled');
    expect((await allOrders(shop, 'canceled')).map((order) => order.id)).toEqual([first.id]);
    expect(await read(first.id)).toEqual(first);
  });

  it('works the same with the API key in the query and in Basic auth', async () => {
    const held = await shop.raw('PUT', `/v1/orders/${big.id}/hold.json?api_key=${shop.apiKey}`, undefined);
    expect(held.status).toBe(200);
    expect(held.body.data.status).toBe('on hold');
    expectEvent('order/on_hold', held.body.data);
    const basic = Buffer.from(`${shop.apiKey}:ignored`).toString('base64');
    const opened = await fetch(`${oauth.stack.baseUrl}/v1/orders/${big.id}/open.json`, {
      method: 'PUT',
      headers: { authorization: `Basic ${basic}` },
    });
    expect(opened.status).toBe(200);
    big = (await json(opened)).data;
    expect(big.status).toBe('open');
    expectEvent('order/opened', big);
  });
});

describe('GET /v1/orders (docs/orders.md#listing, docs/api-conventions.md#paging)', () => {
  let all: JsonBody[];

  beforeAll(async () => {
    for (let i = 0; i < 5; i++) await place([{ variant_id: tea().variantIds[1]!, quantity: 1 }], { email: `list${i}@buyer.example` });
    all = await allOrders(shop);
  });

  it('lists newest first with the pagination block, one page holding them all (no next page, no Link)', async () => {
    const answer = await shop.get('/v1/orders.json');
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code: 200, api_version: '1.0' });
    const ids = answer.body.data.orders.map((order: JsonBody) => order.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(all.map((order) => order.id));
    for (const order of answer.body.data.orders as JsonBody[]) expect(Object.keys(order).sort()).toEqual(ORDER_KEYS);
    expect(answer.body.data.orders.find((order: JsonBody) => order.id === big.id)).toEqual(big);
    expect(Object.keys(answer.body.pagination).sort()).toEqual(PAGINATION_KEYS);
    expect(answer.body.pagination).toMatchObject({ total: all.length, offset: 0, total_pages: 1, current_max_id: ids[0], next_url: null });
    expect(answer.headers.get('link')).toBeNull();
  });

  it('pages with page and limit, follows next_url, and pages with older_than_id', async () => {
    const firstPage = await shop.get('/v1/orders.json?limit=3');
    expect(firstPage.body.data.orders.map((order: JsonBody) => order.id)).toEqual(all.slice(0, 3).map((order) => order.id));
    expect(firstPage.body.pagination).toMatchObject({ total: all.length, offset: 0, total_pages: Math.ceil(all.length / 3) });
    const next = new URL(firstPage.body.pagination.next_url);
    expect(firstPage.headers.get('link')).toContain(firstPage.body.pagination.next_url);
    const secondPage = await shop.get(`${next.pathname}${next.search}`);
    expect(secondPage.body.data.orders.map((order: JsonBody) => order.id)).toEqual(all.slice(3, 6).map((order) => order.id));
    const byPage = await shop.get('/v1/orders?limit=3&page=2');
    expect(byPage.body.data.orders).toEqual(secondPage.body.data.orders);
    expect(byPage.body.pagination.offset).toBe(3);
    const older = await shop.get(`/v1/orders.json?older_than_id=${all[2]!.id}&limit=3`);
    expect(older.body.data.orders.map((order: JsonBody) => order.id)).toEqual(all.slice(3, 6).map((order) => order.id));
    const past = await shop.get(`/v1/orders.json?limit=250&page=${all.length + 1}`);
    expect(past.status).toBe(200);
    expect(past.body.data.orders).toEqual([]);
    const clamped = await shop.get('/v1/orders.json?limit=1000');
    expect(clamped.status).toBe(200);
    expect(clamped.body.data.orders).toHaveLength(all.length);
  });

  it('filters by status, "on hold" spelled on+hold or on%20hold; "open" includes Partially Shipped', async () => {
    const partial = await place(
      [
        { variant_id: mug().variantIds[0]!, quantity: 1 },
        { variant_id: pot().variantIds[0]!, quantity: 1 },
      ],
      { email: 'partial@buyer.example' },
    );
    const shipped = await shop.put(`/v1/orders/${partial.id}/ship.json`, { items: [itemOf(partial, mug().variantIds[0]!).id] });
    expect(shipped.body.data.status).toBe('Partially Shipped');
    expectEvent('order/shipped', shipped.body.data);
    const held = await shop.put(`/v1/orders/${big.id}/hold.json`, {});
    expect(held.status).toBe(200);
    big = held.body.data;
    expectEvent('order/on_hold', big);
    all = await allOrders(shop);

    const listed = async (query: string) => {
      const answer = await shop.get(`/v1/orders.json?limit=250&${query}`);
      expect(answer.status).toBe(200);
      return (answer.body.data.orders as JsonBody[]).map((order) => `${order.id} ${order.status}`);
    };
    const expected = (...statuses: string[]) =>
      all.filter((order) => statuses.includes(order.status)).map((order) => `${order.id} ${order.status}`);
    expect(await listed('status=on+hold')).toEqual([`${big.id} on hold`]);
    expect(await listed('status=on%20hold')).toEqual([`${big.id} on hold`]);
    expect(await listed('status=open')).toEqual(expected('open', 'Partially Shipped'));
    expect(await listed('status=open')).toContain(`${partial.id} Partially Shipped`);
    expect(await listed('status=canceled')).toEqual([`${first.id} canceled`]);
    expect(await listed('status=failed')).toEqual(expected('failed'));
    expect(await listed('status=failed')).toHaveLength(1);
    expect(await listed('status=pending')).toEqual([]);
    expect(await listed('status=shipped')).toEqual([]);
    const onHold = await shop.get('/v1/orders.json?status=on+hold');
    expect(onHold.body.pagination.total).toBe(1);
    const unknown = await shop.get('/v1/orders.json?status=lost');
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.meta.errors)).toContain('status');
  });

  it('filters by updated_at_min and updated_at_max (unix timestamps)', async () => {
    const future = Math.floor(Date.now() / 1000) + 3_600;
    expect((await shop.get(`/v1/orders.json?updated_at_min=${future}`)).body.data.orders).toEqual([]);
    expect(
      (await shop.get(`/v1/orders.json?updated_at_max=${future}&limit=250`)).body.data.orders.map((order: JsonBody) => order.id),
    ).toEqual(all.map((order) => order.id));
  });
});

describe("another store's key (docs/security.md#isolation-between-stores: foreign ids are 404)", () => {
  it("gets 404 for every order and fulfillment call on the shop's ids, and nothing changes", async () => {
    const before = await allOrders(shop);
    const fulfillmentId = big.fulfillments[0].id;
    const calls: Array<[string, () => Promise<ApiAnswer>]> = [
      ['GET order', () => rival.get(`/v1/orders/${big.id}.json`)],
      ['GET products', () => rival.get(`/v1/orders/${big.id}/products.json`)],
      ['GET variants', () => rival.get(`/v1/orders/${big.id}/variants.json`)],
      ['PUT ship', () => rival.put(`/v1/orders/${big.id}/ship.json`, { items: [big.items[1].item.id] })],
      ['PUT hold', () => rival.put(`/v1/orders/${before.find((order) => order.status === 'open')!.id}/hold.json`, {})],
      ['PUT open', () => rival.put(`/v1/orders/${big.id}/open.json`, {})],
      ['PUT cancel', () => rival.put(`/v1/orders/${big.id}/cancel.json`, {})],
      ['PUT fulfillment', () => rival.put(`/v1/orders/${big.id}/fulfillments/${fulfillmentId}.json`, { tracking_number: 'STOLEN' })],
      [
        "PUT shop fulfillment under the rival's order",
        () => rival.put(`/v1/orders/${rivalOrder.id}/fulfillments/${fulfillmentId}.json`, { tracking_number: 'STOLEN' }),
      ],
    ];
    const statuses: Record<string, number> = {};
    for (const [name, call] of calls) statuses[name] = (await call()).status;
    expect(statuses).toEqual(Object.fromEntries(calls.map(([name]) => [name, 404])));
    expect(await allOrders(shop)).toEqual(before);
    const rivalList = await allOrders(rival);
    const shopIds = new Set(before.map((order) => order.id));
    expect(rivalList.map((order) => order.id)).toContain(rivalOrder.id);
    expect(rivalList.filter((order) => shopIds.has(order.id))).toEqual([]);
  });

  it("and the shop's key gets 404 on the rival's order and fulfillment, even under its own order", async () => {
    const shippedRival = await rival.put(`/v1/orders/${rivalOrder.id}/ship.json`, { tracking_number: 'R1' });
    expect(shippedRival.status).toBe(200);
    rivalOrder = shippedRival.body.data;
    const rivalFulfillment = rivalOrder.fulfillments[0].id;
    const before = await allOrders(shop);
    expect((await shop.get(`/v1/orders/${rivalOrder.id}.json`)).status).toBe(404);
    expect((await shop.put(`/v1/orders/${rivalOrder.id}/cancel.json`, {})).status).toBe(404);
    expect((await shop.put(`/v1/orders/${rivalOrder.id}/open.json`, {})).status).toBe(404);
    expect((await shop.put(`/v1/orders/${rivalOrder.id}/fulfillments/${rivalFulfillment}.json`, { tracking_number: 'X' })).status).toBe(
      404,
    );
    expect((await shop.put(`/v1/orders/${big.id}/fulfillments/${rivalFulfillment}.json`, { tracking_number: 'X' })).status).toBe(404);
    expect((await withToken(writer, 'PUT', `/v1/orders/${rivalOrder.id}/hold.json`)).status).toBe(404);
    expect((await rival.get(`/v1/orders/${rivalOrder.id}.json`)).body.data).toEqual(rivalOrder);
    expect(await allOrders(shop)).toEqual(before);
  });
});

describe('events on JetStream (docs/events.md#how-an-event-leaves-a-service; orders.proto)', () => {
  it('publishes each change once on events.orders.<store>.<topic>, carrying the record as the API rendered it then', async () => {
    const topics = [...ORDER_TOPICS, 'fulfillment/updated'];
    const expectedCount = expectedEvents.length;
    const readAll = async () =>
      (await Promise.all(topics.map((topic) => subjectEvents(bus, 'orders', `events.orders.${shopStoreId}.${topic}`)))).flat();
    const published = await waitFor(
      async () => {
        const events = await readAll();
        return events.length >= expectedCount ? events : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, message: `${expectedCount} order events of the shop` },
    );

    for (const topic of topics) expect(expectedEvents.some((event) => event.topic === topic)).toBe(true);
    const canonical = (topic: string, resource: unknown) => `${topic} ${canonicalJson(resource)}`;
    const missing = expectedEvents
      .map((event) => canonical(event.topic, event.resource))
      .filter((wanted) => !published.some((event) => canonical(event.topic, event.resource) === wanted));
    expect(missing).toEqual([]);
    expect(published.map((event) => canonical(event.topic, event.resource)).sort()).toEqual(
      expectedEvents.map((event) => canonical(event.topic, event.resource)).sort(),
    );
    for (const event of published) {
      expect(event).toMatchObject({
        store_id: shopStoreId,
        resource_type: event.topic === 'fulfillment/updated' ? 'fulfillment' : 'order',
        resource_id: event.resource.id,
      });
    }
    // The rival's order is on its own subjects only.
    expect(published.filter((event) => event.resource_id === rivalOrder.id && event.resource_type === 'order')).toEqual([]);
    // An order's events are numbered in the order its changes happened.
    const bigEvents = published
      .filter((event) => event.resource_type === 'order' && event.resource_id === big.id)
      .sort((a, b) => a.sequence - b.sequence);
    expect(bigEvents.map((event) => event.topic)).toEqual([
      'order/created',
      'order/paid',
      'order/shipped',
      'order/shipped',
      'order/shipped',
      'order/opened',
      'order/on_hold',
      'order/opened',
      'order/on_hold',
    ]);
    expect(bigEvents.at(-1)!.resource).toEqual(await read(big.id));
  });
});

describe("the store's time zone (docs/api-conventions.md#responses)", () => {
  it("renders every order timestamp in the zone the owner sets, once the storefront's change reaches orders", async () => {
    const before = await read(big.id);
    const changed = await shop.put('/v1/store.json', { time_zone: 'Asia/Tokyo' });
    expect(changed.status).toBe(200);
    const after = await waitFor(
      async () => {
        const now = await read(big.id);
        return now.updated_at.endsWith('+09:00') ? now : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100, message: 'orders to render in Asia/Tokyo' },
    );
    const instants = (order: JsonBody) =>
      [order.confirmed_at, order.updated_at, order.paid_at, order.fulfillments[0].created_at].map((stamp: string) =>
        new Date(stamp).getTime(),
      );
    expect(instants(after)).toEqual(instants(before));
    for (const stamp of [after.confirmed_at, after.paid_at, after.fulfillments[0].created_at, after.items[0].item.fulfilled_at])
      expect(stamp).toMatch(/\+09:00$/);
    const listed = (await shop.get('/v1/orders.json?limit=250')).body.data.orders as JsonBody[];
    expect(listed.every((order) => ZONE_OFFSET.exec(order.updated_at)?.[0] === '+09:00')).toBe(true);
  });
});

/** JSON with object keys sorted, so two renderings of one record compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as JsonBody)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
