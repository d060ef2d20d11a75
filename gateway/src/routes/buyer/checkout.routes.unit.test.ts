// Checkout on the buyer path (docs/orders.md#checkout-buyer-path) through the whole app, on storefront and orders backends written for the
// test.
import { orders, storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import type { Express } from 'express';
import { aGatewayApp, inMemoryIdempotency, send, type Received, type SentRequest } from '../../app.fixture';
import type { ApiKeyIdentityClient } from '../../auth/authenticator';
import type { BackendClients } from '../../clients';
import { startTestServer, type TestServer } from '../../http/test-server';
import { LeakyBucket } from '../../rate-limit/leaky-bucket';
import type { GatewayDeps } from '../../app';
import { sendTo } from './buyer-site.fixture';

const TIME_ZONE = 'Europe/Berlin';
const PLACED = new Date('2026-03-01T15:00:00Z');

const STORES = [
  storefront.Store.fromPartial({
    id: 7,
    subdomain: 'shop',
    url: 'http://shop.localhost:8080',
    custom_domain: 'shop.example.com',
    storefront_open: true,
    time_zone: TIME_ZONE,
  }),
  storefront.Store.fromPartial({ id: 8, subdomain: 'closed', storefront_open: false }),
  storefront.Store.fromPartial({ id: 9, subdomain: 'other', storefront_open: true }),
];

const lookups: storefront.FindStoreRequest['address'][] = [];
const checkouts: Array<{ request: orders.CreateOrderRequest; principal: unknown }> = [];
/** What CreateOrder fails with, when a test sets it. */
let failure: RemoteError | undefined;

const storesBackend = {
  findStore: async ({ address }: storefront.FindStoreRequest) => {
    lookups.push(address);
    const value = address!.value.toLowerCase();
    const store = STORES.find((candidate) =>
      address!.$case === 'subdomain' ? candidate.subdomain === value : candidate.custom_domain === value,
    );
    if (!store) throw new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'store not found' });
    return { store };
  },
};

/** Prices the lines as orders would (1000 cents each), numbering orders from 31. */
const ordersBackend = {
  createOrder: async (request: orders.CreateOrderRequest, call: { principal?: unknown }) => {
    checkouts.push({ request, principal: call.principal });
    if (failure) throw failure;
    const items = request.lines.map((line, index) => ({
      id: 101 + index,
      order_id: 30 + checkouts.length,
      product_id: 5,
      product_name: 'Tee',
      variant_id: line.variant_id,
      variant_name: 'Large',
      quantity: line.quantity,
      list_price: 1000,
      price_in_cents: 1000 * line.quantity,
    }));
    const subtotal = items.reduce((sum, item) => sum + item.price_in_cents, 0);
    const order = orders.Order.fromPartial({
      id: 30 + checkouts.length,
      subtotal,
      shipping: 500,
      total: subtotal + 500,
      created_at: PLACED,
      confirmed_at: PLACED,
      paid_at: PLACED,
      updated_at: PLACED,
      payment_processor: 'test',
      status: 'open',
      email: request.email,
      user_note: request.user_note,
      address: request.address,
      items,
    });
    return { order, time_zone: TIME_ZONE };
  },
};

const clients = { stores: storesBackend, orders: ordersBackend } as unknown as BackendClients;
const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async () => {
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};

const servers: TestServer[] = [];
async function aGateway(deps: Partial<GatewayDeps> = {}): Promise<string> {
  const app: Express = aGatewayApp(clients, identity, deps);
  const server = await startTestServer(app);
  servers.push(server);
  return server.url;
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

let gateway: string;
beforeAll(async () => {
  gateway = await aGateway();
});
beforeEach(() => {
  lookups.length = 0;
  checkouts.length = 0;
  failure = undefined;
});

const JSON_TYPE = { 'Content-Type': 'application/json' };
const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };
const ADDRESS = {
  name: 'Ann Lee',
  address_1: '1 Main St',
  address_2: 'Apt 4',
  city: 'Portland',
  postal: '97201',
  state: 'Oregon',
  state_abbrev: 'OR',
  country: 'US',
};
const CHECKOUT = { email: 'ann@example.com', address: ADDRESS, items: [{ variant_id: 9, quantity: 2 }], payment_token: 'tok_visa' };
const FORM =
  'email=ann%40example.com&address[name]=Ann+Lee&address[address_1]=1+Main+St&address[address_2]=Apt+4' +
  '&address[city]=Portland&address[postal]=97201&address[state]=Oregon&address[state_abbrev]=OR&address[country]=US' +
  '&items[0][variant_id]=9&items[0][quantity]=2&items[1][variant_id]=11&items[1][quantity]=1' +
  '&shipping_class_id=3&user_note=Gift+wrap%2C+please&payment_token=tok_visa';

function checkout(request: Partial<SentRequest> & { json?: unknown } = {}, url = gateway): Promise<Received> {
  const { json, ...rest } = request;
  const body = json === undefined ? rest.body : JSON.stringify(json);
  const headers = json === undefined ? rest.headers : { ...JSON_TYPE, ...rest.headers };
  return send(url, { method: 'POST', path: '/s/shop/checkout', ...rest, headers, body });
}

const onlyCheckout = () => {
  expect(checkouts).toHaveLength(1);
  return checkouts[0];
};

describe('POST /s/:subdomain/checkout', () => {
  it('places the order with one CreateOrder, no owner credential, and answers it with 200 in the envelope', async () => {
    const answer = await checkout({ json: CHECKOUT });

    expect(answer.status).toBe(200);
    const { request, principal } = onlyCheckout();
    expect(request).toEqual({
      store_id: 7,
      checkout_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      email: 'ann@example.com',
      address: ADDRESS,
      lines: [{ variant_id: 9, quantity: 2 }],
      shipping_class_id: 0,
      user_note: undefined,
      payment_token: 'tok_visa',
    });
    expect(principal).toEqual({ kind: 'buyer', store_id: 7 });
    expect(answer.body).toEqual({
      data: expect.objectContaining({
        id: 31,
        status: 'open',
        price: '25.00',
        paid_at: '2026-03-01T16:00:00+01:00',
        email: 'ann@example.com',
        user_note: null,
        address: ADDRESS,
        items: [{ item: expect.objectContaining({ variant_id: 9, quantity: 2, price_in_cents: 2000 }) }],
        fulfillments: [],
      }),
      // On the store's own site as configured (its url), not on the address this request reached.
      meta: {
        code: 200,
        api_version: '1.0',
        confirmation_url: expect.stringMatching(/^http:\/\/shop\.localhost:8080\/orders\/31\.[A-Za-z0-9_-]{22}$/),
      },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('gives every checkout without an Idempotency-Key a key of its own', async () => {
    await checkout({ json: CHECKOUT });
    await checkout({ json: CHECKOUT });
    expect(checkouts).toHaveLength(2);
    expect(checkouts[0].request.checkout_key).not.toBe(checkouts[1].request.checkout_key);
  });

  it("reads the checkout page's form, bracket names and all", async () => {
    const answer = await checkout({ headers: FORM_TYPE, body: FORM });
    expect(answer.status).toBe(200);
    expect(onlyCheckout().request).toMatchObject({
      email: 'ann@example.com',
      address: ADDRESS,
      lines: [
        { variant_id: 9, quantity: 2 },
        { variant_id: 11, quantity: 1 },
      ],
      shipping_class_id: 3,
      user_note: 'Gift wrap, please',
      payment_token: 'tok_visa',
    });
    expect(answer.body.data).toMatchObject({ user_note: 'Gift wrap, please' });
  });

  it.each([
    [
      'JSON text in a form value',
      FORM_TYPE,
      'email=a%40b.co&payment_token=tok_visa' +
        `&items=${encodeURIComponent('[{"variant_id":9,"quantity":"2"},{"variant_id":"11","quantity":1}]')}`,
    ],
    [
      'a form sent without a Content-Type',
      {},
      'email=a%40b.co&items[0][variant_id]=9&items[0][quantity]=2&items[1][variant_id]=11&items[1][quantity]=1',
    ],
    [
      'JSON text inside a JSON body',
      JSON_TYPE,
      JSON.stringify({ email: 'a@b.co', items: '[{"variant_id":9,"quantity":2},{"variant_id":11,"quantity":1}]' }),
    ],
    [
      'loose scalars in JSON',
      JSON_TYPE,
      JSON.stringify({
        email: 'a@b.co',
        items: [
          { variant_id: '9', quantity: '2' },
          { variant_id: 11, quantity: '1' },
        ],
      }),
    ],
  ])('reads items as %s', async (_style, headers, body) => {
    expect((await checkout({ headers, body })).status).toBe(200);
    expect(onlyCheckout().request.lines).toEqual([
      { variant_id: 9, quantity: 2 },
      { variant_id: 11, quantity: 1 },
    ]);
  });

  it('answers at a trailing slash and whatever the case of the subdomain', async () => {
    expect((await checkout({ path: '/s/shop/checkout/', json: CHECKOUT })).status).toBe(200);
    expect((await checkout({ path: '/s/SHOP/checkout', json: CHECKOUT })).status).toBe(200);
    expect(checkouts.map((placed) => placed.request.store_id)).toEqual([7, 7]);
  });

  it.each([
    ['items', 'abc', { 'items[0]': ['must be an object with variant_id and quantity'] }],
    ['items', [{ variant_id: 9, quantity: 'two' }], { 'items[0][quantity]': ['must be an integer'] }],
    ['items', [{ quantity: 1 }], { 'items[0][variant_id]': ['is required'] }],
    ['address', '1 Main St', { address: ['must be an object'] }],
    ['address', { ...ADDRESS, country: ['US'] }, { 'address[country]': ['must be a string'] }],
    ['shipping_class_id', 'cheapest', { shipping_class_id: ['must be an integer'] }],
    ['email', { at: 'example.com' }, { email: ['must be a string'] }],
  ])('answers a wrong shape of %s with 422 naming the field, before calling orders', async (field, value, errors) => {
    const answer = await checkout({ json: { ...CHECKOUT, [field]: value } });
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError', errors });
    expect(checkouts).toEqual([]);
  });

  it("answers orders' validation with 422 per field, named as the client sent them", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed: address.country is not a country code, email is invalid',
      fieldViolations: { 'address.country': ['is not a country code'], email: ['is invalid'] },
    });
    const answer = await checkout({ json: { ...CHECKOUT, address: { ...ADDRESS, country: 'Narnia' } } });
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({
      code: 422,
      error_type: 'ValidationError',
      errors: { 'address[country]': ['is not a country code'], email: ['is invalid'] },
    });
  });

  it('answers a declined card with 402 PaymentDeclined', async () => {
    failure = new RemoteError({
      code: GrpcStatus.FAILED_PRECONDITION,
      message: 'The card was declined',
      reason: 'PAYMENT_DECLINED',
      metadata: { order_id: '31' },
    });
    const answer = await checkout({ json: { ...CHECKOUT, payment_token: 'tok_chargeDeclined' } });
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({
      error: 'The card was declined',
      meta: {
        code: 402,
        api_version: '1.0',
        error_type: 'PaymentDeclined',
        error_message: 'The card was declined',
        request_id: expect.any(String),
      },
    });
  });

  it('answers short stock with 409 OutOfStock naming each short variant in errors.items', async () => {
    const shortVariants = JSON.stringify([
      { variant_id: 9, requested: 2, in_stock: 1 },
      { variant_id: 11, requested: 1, in_stock: 0 },
    ]);
    failure = new RemoteError({
      code: GrpcStatus.FAILED_PRECONDITION,
      message: 'Not enough stock',
      reason: 'INSUFFICIENT_STOCK',
      metadata: { short_variants: shortVariants },
    });
    const answer = await checkout({ json: CHECKOUT });
    expect(answer.status).toBe(409);
    expect(answer.body.meta).toMatchObject({
      code: 409,
      error_type: 'OutOfStock',
      errors: { items: ['variant 9 has only 1 in stock (2 requested)', 'variant 11 is out of stock (1 requested)'] },
    });
  });

  it.each([
    [GrpcStatus.FAILED_PRECONDITION, 'NOT_PURCHASABLE', 409, 'NotPurchasable'],
    [GrpcStatus.ABORTED, 'CHECKOUT_IN_PROGRESS', 409, 'CheckoutInProgress'],
    [GrpcStatus.UNAVAILABLE, undefined, 503, 'ServiceUnavailable'],
  ])('answers gRPC %i %s with %i %s', async (code, reason, status, errorType) => {
    failure = new RemoteError({ code, message: 'Refused', reason });
    const answer = await checkout({ json: CHECKOUT });
    expect(answer.status).toBe(status);
    expect(answer.body.meta).toMatchObject({ code: status, error_type: errorType });
  });

  it('answers 409 StoreClosed for a closed store, without calling orders', async () => {
    const answer = await checkout({ path: '/s/closed/checkout', json: CHECKOUT });
    expect(answer.status).toBe(409);
    expect(answer.body.meta).toMatchObject({
      code: 409,
      api_version: '1.0',
      error_type: 'StoreClosed',
      error_message: 'This store is closed and takes no orders',
    });
    expect(checkouts).toEqual([]);
  });

  it.each(['/s/nobody/checkout', '/s/sh_op/checkout', '/s/a.b/checkout'])(
    'answers %s with 404 in the error shape, without calling orders',
    async (path) => {
      const answer = await checkout({ path, json: CHECKOUT });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: 'No store at this address',
        meta: {
          code: 404,
          api_version: '1.0',
          error_type: 'NotFound',
          error_message: 'No store at this address',
          request_id: expect.any(String),
        },
      });
      expect(checkouts).toEqual([]);
    },
  );

  // Everything else there leads to the store's own site (site-origin.unit.test.ts).
  it("sends other POSTs and methods under /s/:subdomain to the store's own site with 307", async () => {
    for (const [method, path, rest] of [
      ['PUT', '/s/shop/checkout', '/checkout'],
      ['POST', '/s/shop/orders', '/orders'],
      ['POST', '/s/shop', '/'],
    ]) {
      const answer = await sendTo(gateway, method, path);
      expect({ method, path, status: answer.status, location: answer.headers.location }).toEqual({
        method,
        path,
        status: 307,
        location: `http://shop.localhost:8080${rest}`,
      });
    }
    expect(checkouts).toEqual([]);
  });

  it('looks the store up once for many checkouts at once', async () => {
    const fresh = await aGateway();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => checkout({ path: '/s/other/checkout', json: CHECKOUT }, fresh).then((answer) => answer.status)),
    );
    expect(statuses).toEqual(Array<number>(20).fill(200));
    expect(lookups).toEqual([{ $case: 'subdomain', value: 'other' }]);
  });
});

describe('POST /checkout on the store host', () => {
  const onHost = (host: string, url = gateway) =>
    checkout({ path: '/checkout', headers: { ...JSON_TYPE, Host: host }, body: JSON.stringify(CHECKOUT) }, url);

  it.each(['shop.localhost', 'shop.localhost:8080', 'Shop.LOCALHOST:3000'])('finds the store by its subdomain at Host %s', async (host) => {
    const answer = await onHost(host);
    expect(answer.status).toBe(200);
    // The confirmation page on the store's own site as configured, whichever spelling of it the client reached.
    expect(answer.body.meta!.confirmation_url).toMatch(/^http:\/\/shop\.localhost:8080\/orders\/31\.[A-Za-z0-9_-]{22}$/);
    expect(onlyCheckout().request.store_id).toBe(7);
    expect(answer.body.data).toMatchObject({ id: 31, status: 'open' });
  });

  it('finds the store by the custom domain it claimed', async () => {
    const answer = await onHost('Shop.Example.com:443');
    expect(answer.status).toBe(200);
    expect(lookups).toContainEqual({ $case: 'custom_domain', value: 'shop.example.com' });
    expect(onlyCheckout().request.store_id).toBe(7);
  });

  it('reads a form on the Host form too', async () => {
    const answer = await send(gateway, {
      method: 'POST',
      path: '/checkout',
      headers: { ...FORM_TYPE, Host: 'shop.localhost' },
      body: FORM,
    });
    expect(answer.status).toBe(200);
    expect(onlyCheckout().request.lines).toHaveLength(2);
  });

  it.each([
    ['unknown.example.com', true],
    ['nobody-here.localhost:8080', true],
    ['localhost:8080', false],
    ['www.shop.localhost', false],
    ['127.0.0.1:8080', false],
  ])('answers Host %s with 404 in the error shape (looked up: %s)', async (host, lookedUp) => {
    const answer = await onHost(host);
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ code: 404, error_type: 'NotFound', error_message: 'No store at this address' });
    expect(lookups.length > 0).toBe(lookedUp);
    expect(checkouts).toEqual([]);
  });

  it('answers a closed store on its host with 409 StoreClosed', async () => {
    const answer = await onHost('closed.localhost');
    expect(answer.status).toBe(409);
    expect(answer.body.meta).toMatchObject({ error_type: 'StoreClosed' });
    expect(checkouts).toEqual([]);
  });

  it('follows STOREFRONT_DOMAIN', async () => {
    const shops = await aGateway({ storefrontDomain: 'shops.test' });
    expect((await onHost('shop.shops.test:8080', shops)).status).toBe(200);
    expect((await onHost('shop.localhost', shops)).status).toBe(404);
  });

  it('leaves the API alone: /v1 on a store host is still the API, and unknown paths are the plain 404', async () => {
    const api = await send(gateway, { method: 'GET', path: '/v1/store.json', headers: { Host: 'shop.localhost' } });
    expect(api.status).toBe(401);
    const unknown = await send(gateway, { method: 'POST', path: '/basket', headers: { Host: 'shop.localhost' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect(lookups).toEqual([]);
  });
});

describe('Idempotency-Key on checkout', () => {
  let replaying: string;
  beforeAll(async () => {
    replaying = await aGateway({ idempotency: inMemoryIdempotency() });
  });
  const withKey = (key: string, request: Partial<SentRequest> & { json?: unknown } = { json: CHECKOUT }) =>
    checkout({ ...request, headers: { ...request.headers, 'Idempotency-Key': key } }, replaying);

  it("passes the key to orders as the checkout's key", async () => {
    await checkout({ json: CHECKOUT, headers: { 'Idempotency-Key': 'order-attempt-1' } });
    expect(onlyCheckout().request.checkout_key).toBe('idem:order-attempt-1');
  });

  it('hashes a key too long for the contract, and refuses one that is not visible ASCII', async () => {
    await checkout({ json: CHECKOUT, headers: { 'Idempotency-Key': 'k'.repeat(255) } });
    expect(onlyCheckout().request.checkout_key).toMatch(/^idem:sha256:[0-9a-f]{64}$/);
    const refused = await checkout({ json: CHECKOUT, headers: { 'Idempotency-Key': 'k'.repeat(256) } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    expect(checkouts).toHaveLength(1);
  });

  it('replays the first answer to a retry, at either address of the store, and places one order', async () => {
    const first = await withKey('retry-1');
    const again = await withKey('retry-1');
    const onHost = await withKey('retry-1', {
      path: '/checkout',
      headers: { ...JSON_TYPE, Host: 'shop.example.com' },
      body: JSON.stringify(CHECKOUT),
    });

    expect(first.status).toBe(200);
    expect(checkouts).toHaveLength(1);
    for (const replay of [again, onHost]) {
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    }
    expect(first.headers['idempotent-replayed']).toBeUndefined();
  });

  it('replays a refusal too, so a retry of a declined checkout does not charge again', async () => {
    failure = new RemoteError({ code: GrpcStatus.FAILED_PRECONDITION, message: 'The card was declined', reason: 'PAYMENT_DECLINED' });
    const first = await withKey('declined-1');
    failure = undefined;
    const again = await withKey('declined-1');
    expect([first.status, again.status]).toEqual([402, 402]);
    expect(again.body).toEqual(first.body);
    expect(checkouts).toHaveLength(1);
  });

  it('keeps keys apart per store: the same key at another store is another checkout', async () => {
    await withKey('shared-1');
    const other = await withKey('shared-1', { path: '/s/other/checkout', json: CHECKOUT });
    expect(other.status).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(checkouts.map((placed) => placed.request.store_id)).toEqual([7, 9]);
  });

  it('refuses the same key with another cart with 422', async () => {
    await withKey('cart-1');
    const changed = await withKey('cart-1', { json: { ...CHECKOUT, items: [{ variant_id: 9, quantity: 3 }] } });
    expect(changed.status).toBe(422);
    expect(changed.body.error).toBe('This Idempotency-Key was already used with other parameters');
    expect(checkouts).toHaveLength(1);
  });
});

describe('the checkout limit per client address', () => {
  const BURST = 3;
  let limited: string;
  beforeAll(async () => {
    limited = await aGateway({ checkoutLimit: new LeakyBucket({ capacity: BURST, leakPerSecond: 0.01 }) });
  });
  const from = (localAddress: string) => checkout({ json: CHECKOUT, localAddress }, limited);

  it('answers 429 RateLimited with Retry-After past the burst, for that address only', async () => {
    const statuses = [];
    for (let n = 0; n < BURST; n++) statuses.push((await from('127.0.0.2')).status);
    const refused = await from('127.0.0.2');

    expect(statuses).toEqual(Array<number>(BURST).fill(200));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['x-ratelimit-limit']).toBe(String(BURST));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.body.meta).toMatchObject({
      code: 429,
      api_version: '1.0',
      error_type: 'RateLimited',
      error_message: expect.stringMatching(/^Rate limit exceeded, retry in \d+ seconds?$/),
    });
    expect(checkouts).toHaveLength(BURST);

    expect((await from('127.0.0.3')).status).toBe(200);
  });

  it('counts checkouts, not other calls: the API and other addresses are not slowed', async () => {
    for (let n = 0; n < BURST + 2; n++)
      expect((await send(limited, { method: 'GET', path: '/healthz', localAddress: '127.0.0.4' })).status).toBe(200);
    expect((await from('127.0.0.4')).status).toBe(200);
  });
});
