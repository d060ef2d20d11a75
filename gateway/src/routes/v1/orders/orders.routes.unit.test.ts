// The orders routes (docs/orders.md#orders, docs/orders.md#fulfillments) through the whole app, on an orders backend written for the test.
import jwt from 'jsonwebtoken';
import { catalog, orders } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const TIME_ZONE = 'America/New_York';
const PLACED = new Date('2026-03-01T15:00:00Z');
const SHIPPED = new Date('2026-03-02T16:30:00Z');
const FILTER_STATUSES = ['pending', 'canceled', 'open', 'shipped', 'on hold', 'failed'];

function anOrder(overrides: Partial<orders.Order> = {}): orders.Order {
  return orders.Order.fromPartial({
    id: 31,
    subtotal: 2000,
    shipping: 500,
    tax: 160,
    discounts: 100,
    total: 2560,
    created_at: PLACED,
    confirmed_at: PLACED,
    paid_at: PLACED,
    updated_at: PLACED,
    payment_processor: 'test',
    financial_status: 'paid',
    status: 'open',
    email: 'ann@example.com',
    shipping_class_name: 'Domestic',
    address: {
      name: 'Ann Lee',
      address_1: '1 Main St',
      city: 'Portland',
      postal: '97201',
      state: 'Oregon',
      state_abbrev: 'OR',
      country: 'US',
    },
    items: [
      {
        id: 101,
        order_id: 31,
        product_id: 5,
        product_name: 'Tee',
        variant_id: 9,
        variant_name: 'Large',
        sku: 'TEE-L',
        quantity: 2,
        list_price: 1000,
        tax: 160,
        price_in_cents: 2000,
      },
      {
        id: 102,
        order_id: 31,
        product_id: 6,
        product_name: 'Mug',
        variant_id: 11,
        variant_name: 'Default',
        quantity: 1,
        list_price: 0,
        price_in_cents: 0,
      },
    ],
    ...overrides,
  });
}

/** The order after its first item shipped in fulfillment 5. */
function aPartlyShippedOrder(): orders.Order {
  const order = anOrder({ status: 'Partially Shipped', updated_at: SHIPPED });
  order.items[0] = { ...order.items[0], fulfilled_at: SHIPPED, fulfillment_id: 5 };
  order.fulfillments = [
    orders.Fulfillment.fromPartial({
      id: 5,
      order_id: 31,
      item_ids: [101],
      tracking_number: '1Z999',
      shipping_company: 'UPS',
      note_to_customer: 'Enjoy',
      created_at: SHIPPED,
      updated_at: SHIPPED,
      notify_customer: true,
    }),
  ];
  return order;
}

/** Every OrdersService call the gateway made, with its request. */
const calls: Array<{ method: string; request: Record<string, unknown> }> = [];
/** What the next calls fail with, when a test sets it. */
let failure: RemoteError | undefined;

function answering<Req, Res>(method: string, answer: (request: Req) => Res) {
  return async (request: Req) => {
    calls.push({ method, request: request as Record<string, unknown> });
    if (failure) throw failure;
    return answer(request);
  };
}

const oneOrder = (request: { order_id: number }) => ({ order: anOrder({ id: request.order_id }), time_zone: TIME_ZONE });
const context: catalog.StoreContext = { time_zone: TIME_ZONE, subdomain: 'shop', url: 'https://shop.example.com', currency: 'USD' };
const variant = catalog.Variant.fromPartial({
  id: 9,
  product_id: 5,
  name: 'Large',
  position: 1,
  sku: 'TEE-L',
  full_quantity: 10,
  in_stock: 8,
  sold: 2,
  cents: 1000,
  status: 'active',
  percent_available: 80,
});

const ordersBackend = {
  // As orders does: a word that is not a filter value is refused, field by field.
  listOrders: answering('listOrders', (request: orders.ListOrdersRequest) => {
    if (request.status !== '' && !FILTER_STATUSES.includes(request.status)) {
      throw new RemoteError({
        code: GrpcStatus.INVALID_ARGUMENT,
        message: 'Validation failed: status is not an order status',
        fieldViolations: { status: ['is not an order status'] },
      });
    }
    if (request.q.length > 254) {
      throw new RemoteError({
        code: GrpcStatus.INVALID_ARGUMENT,
        message: 'Validation failed: q is too long (maximum is 254 characters)',
        fieldViolations: { q: ['is too long (maximum is 254 characters)'] },
      });
    }
    return {
      orders: [anOrder({ id: 40 }), anOrder({ id: 39 })],
      total: 120,
      page: request.page || 1,
      limit: request.limit || 50,
      current_max_id: 40,
      time_zone: TIME_ZONE,
    };
  }),
  getOrder: answering('getOrder', oneOrder),
  shipOrder: answering('shipOrder', () => {
    const order = aPartlyShippedOrder();
    return { order, fulfillment: order.fulfillments[0], time_zone: TIME_ZONE };
  }),
  holdOrder: answering('holdOrder', (request: { order_id: number }) => ({
    order: anOrder({ id: request.order_id, status: 'on hold' }),
    time_zone: TIME_ZONE,
  })),
  openOrder: answering('openOrder', oneOrder),
  cancelOrder: answering('cancelOrder', (request: { order_id: number }) => ({
    order: anOrder({ id: request.order_id, status: 'canceled' }),
    time_zone: TIME_ZONE,
  })),
  updateFulfillment: answering('updateFulfillment', () => {
    const order = aPartlyShippedOrder();
    return { fulfillment: order.fulfillments[0], order, time_zone: TIME_ZONE };
  }),
  getOrderProducts: answering('getOrderProducts', () => ({
    products: [
      catalog.Product.fromPartial({
        id: 5,
        name: 'Tee',
        status: 'active',
        cents: 1000,
        created_at: PLACED,
        updated_at: PLACED,
        shipping_group_id: 2,
        shipping_group_name: 'Shirts',
        variants: [variant],
      }),
    ],
    store_context: context,
  })),
  getOrderVariants: answering('getOrderVariants', () => ({ variants: [variant], store_context: context })),
};
const clients = { orders: ordersBackend } as unknown as BackendClients;

const identity = storeSevenIdentity;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  failure = undefined;
});

const KEY = { 'API-KEY': 'sk_live_7' };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Received> {
  return send(server.url, { method, path, headers: { ...KEY, ...headers }, body });
}

const requestOf = (method: string) => calls.find((call) => call.method === method)?.request;

describe('GET /v1/orders/:id', () => {
  it("answers the order as docs/orders.md#records renders it, in the store's zone, in the envelope", async () => {
    const answer = await request('GET', '/v1/orders/31.json');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'getOrder', request: { store_id: 7, order_id: 31 } }]);
    expect(answer.body).toEqual({
      data: {
        id: 31,
        subtotal: 2000,
        shipping: 500,
        tax: 160,
        discounts: 100,
        confirmed_at: '2026-03-01T10:00:00-05:00',
        fulfilled_at: null,
        updated_at: '2026-03-01T10:00:00-05:00',
        paid_at: '2026-03-01T10:00:00-05:00',
        payment_processor: 'test',
        status: 'open',
        email: 'ann@example.com',
        user_note: null,
        price: '25.60',
        currency: 'USD',
        discount_code: null,
        shipping_discount: 0,
        shipping_tax: 0,
        tax_name: '',
        shipping_class_name: 'Domestic',
        prices_include_tax: false,
        address: {
          name: 'Ann Lee',
          address_1: '1 Main St',
          address_2: '',
          city: 'Portland',
          postal: '97201',
          state: 'Oregon',
          state_abbrev: 'OR',
          country: 'US',
        },
        items: [
          {
            item: {
              id: 101,
              order_id: 31,
              product_id: 5,
              product_name: 'Tee',
              variant_id: 9,
              variant_name: 'Large',
              sku: 'TEE-L',
              quantity: 2,
              fulfilled_at: null,
              discount: 0,
              list_price: 1000,
              tax: 160,
              fulfillment_id: null,
              price_in_cents: 2000,
            },
          },
          {
            item: {
              id: 102,
              order_id: 31,
              product_id: 6,
              product_name: 'Mug',
              variant_id: 11,
              variant_name: 'Default',
              sku: null,
              quantity: 1,
              fulfilled_at: null,
              discount: 0,
              list_price: 0,
              tax: 0,
              fulfillment_id: null,
              price_in_cents: 0,
            },
          },
        ],
        fulfillments: [],
        financial_status: 'paid',
        refunded: 0,
        refunds: [],
      },
      meta: { code: 200, api_version: '1.0' },
    });
  });

  it.each(['/v1/orders/31', '/v1/orders/31/', '/v1/orders/31.json/'])('answers at %s', async (path) => {
    const answer = await request('GET', path);
    expect(answer.status).toBe(200);
    expect((answer.body.data as { id: number }).id).toBe(31);
  });

  it("answers 404 in the error shape for an order orders does not know (another store's included)", async () => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Order not found' });
    const answer = await request('GET', '/v1/orders/999');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: 'Order not found',
      meta: { code: 404, api_version: '1.0', error_type: 'NotFound', error_message: 'Order not found', request_id: expect.any(String) },
    });
  });
});

describe('ids that cannot name a record answer 404, as on every route, without calling orders', () => {
  it.each([
    ['GET', '/v1/orders/abc'],
    ['GET', '/v1/orders/0.json'],
    ['GET', '/v1/orders/-1'],
    ['GET', '/v1/orders/1.5'],
    ['GET', '/v1/orders/99999999999999999999'],
    ['PUT', '/v1/orders/abc/ship'],
    ['PUT', '/v1/orders/x/hold'],
    ['PUT', '/v1/orders/0/open'],
    ['PUT', '/v1/orders/1e3/cancel'],
    ['GET', '/v1/orders/abc/products'],
    ['GET', '/v1/orders/abc/variants.json'],
    ['PUT', '/v1/orders/abc/fulfillments/5'],
    ['PUT', '/v1/orders/31/fulfillments/abc'],
  ])('%s %s', async (method, path) => {
    const answer = await request(method, path);
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
    expect(answer.body.error).toMatch(/^(Order|Fulfillment) not found$/);
    expect(calls).toEqual([]);
  });
});

describe('GET /v1/orders', () => {
  it('answers data.orders with the pagination block and a Link header, next_url pinned below the newest order', async () => {
    const answer = await request('GET', '/v1/orders.json?status=open&limit=2&api_key=sk_live_7');

    expect(answer.status).toBe(200);
    expect((answer.body.data as { orders: Array<{ id: number }> }).orders.map((order) => order.id)).toEqual([40, 39]);
    const nextUrl = `${server.url}/v1/orders.json?status=open&limit=2&older_than_id=41&page=2`;
    expect(answer.body.pagination).toEqual({ total: 120, offset: 0, total_pages: 60, next_url: nextUrl, current_max_id: 40 });
    expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0' });
    expect(answer.headers.link).toBe(`<${nextUrl}>; rel="next"`);
  });

  it('keeps an older_than_id the client pinned, and its other filters, in next_url', async () => {
    const answer = await request('GET', '/v1/orders?older_than_id=35&page=2&per_page=2&updated_at_min=1700000000');
    expect(answer.body.pagination).toMatchObject({
      offset: 2,
      next_url: `${server.url}/v1/orders?older_than_id=35&per_page=2&updated_at_min=1700000000&page=3`,
    });
  });

  it('answers no next_url and no Link on the last page: 2 orders of at most 50 is all there is', async () => {
    const answer = await request('GET', '/v1/orders.json?status=open');
    expect(answer.body.pagination).toMatchObject({ total: 120, offset: 0, next_url: null });
    expect(answer.headers.link).toBeUndefined();
  });

  it('takes per_page as another name of limit, limit winning when both are sent', async () => {
    await request('GET', '/v1/orders?per_page=7');
    expect(requestOf('listOrders')).toMatchObject({ limit: 7 });
    calls.length = 0;
    await request('GET', '/v1/orders?per_page=7&limit=9');
    expect(requestOf('listOrders')).toMatchObject({ limit: 9 });
    calls.length = 0;
    await request('GET', '/v1/orders?per_page=900');
    expect(requestOf('listOrders')).toMatchObject({ limit: 900 });
  });

  it("asks for orders' default page of every status by default", async () => {
    await request('GET', '/v1/orders/');
    expect(requestOf('listOrders')).toEqual({
      store_id: 7,
      page: 0,
      limit: undefined,
      status: '',
      older_than_id: 0,
      updated_at_min: undefined,
      updated_at_max: undefined,
      created_at_min: undefined,
      created_at_max: undefined,
      q: '',
    });
  });

  it('passes the search and the placement range (unix seconds) on', async () => {
    const answer = await request('GET', '/v1/orders?q=+Ann.Lee%40Example+&created_at_min=1700000000&created_at_max=1700003600.25');

    expect(answer.status).toBe(200);
    expect(requestOf('listOrders')).toMatchObject({
      q: 'Ann.Lee@Example',
      created_at_min: new Date('2023-11-14T22:13:20Z'),
      created_at_max: new Date('2023-11-14T23:13:20.250Z'),
    });
  });

  it.each([
    ['%231001', '#1001'],
    ['1001', '1001'],
    ['50%25_off', '50%_off'],
    ['.*(a|b)%2B', '.*(a|b)+'],
    ['', ''],
  ])('passes q=%s on as %p, for orders to read literally', async (q, sent) => {
    const answer = await request('GET', `/v1/orders?q=${q}`);

    expect(answer.status).toBe(200);
    expect(requestOf('listOrders')).toMatchObject({ q: sent });
  });

  it('keeps q and the ranges in next_url, encoded as sent', async () => {
    const answer = await request('GET', '/v1/orders.json?q=%25_x&created_at_min=1700000000&status=open&limit=2');

    expect(answer.body.pagination).toMatchObject({
      next_url: `${server.url}/v1/orders.json?q=%25_x&created_at_min=1700000000&status=open&limit=2&older_than_id=41&page=2`,
    });
  });

  it("answers orders' 422 on q for a search longer than 254 characters", async () => {
    const answer = await request('GET', `/v1/orders?q=${'a'.repeat(255)}`);

    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ errors: { q: ['is too long (maximum is 254 characters)'] } });
  });

  it('passes page, older_than_id and the updated_at bounds (unix seconds) on', async () => {
    await request('GET', '/v1/orders?page=3&older_than_id=41&updated_at_min=1700000000&updated_at_max=1700003600.5');
    expect(requestOf('listOrders')).toMatchObject({
      page: 3,
      older_than_id: 41,
      updated_at_min: new Date('2023-11-14T22:13:20Z'),
      updated_at_max: new Date('2023-11-14T23:13:20.500Z'),
    });
  });

  it.each([
    ['0', 0],
    ['-3', -3],
    ['1', 1],
    ['250', 250],
    ['251', 251],
    ['100000', 100_000],
    ['', undefined],
  ])('passes limit=%s on as %s (orders defaults and clamps it: services/orders/src/domain/paging.ts)', async (limit, applied) => {
    const answer = await request('GET', `/v1/orders?limit=${limit}`);
    expect(answer.status).toBe(200);
    expect(requestOf('listOrders')).toMatchObject({ limit: applied });
  });

  it.each([
    ['limit=abc', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=10x', 'limit'],
    ['page=two', 'page'],
    ['page=0', 'page'],
    ['older_than_id=latest', 'older_than_id'],
    ['updated_at_min=yesterday', 'updated_at_min'],
    ['updated_at_max=2026-03-01', 'updated_at_max'],
    ['created_at_min=today', 'created_at_min'],
    ['created_at_max=-5', 'created_at_max'],
    ['q[]=a&q[]=b', 'q'],
  ])('answers 422 for %s, naming the field, without calling orders', async (query, field) => {
    const answer = await request('GET', `/v1/orders?${query}`);
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError', errors: { [field]: [expect.any(String)] } });
    expect(calls).toEqual([]);
  });

  it.each(['on+hold', 'on%20hold', 'on%20hold+'])('reads status=%s as "on hold"', async (status) => {
    const answer = await request('GET', `/v1/orders.json?status=${status}`);
    expect(answer.status).toBe(200);
    expect(requestOf('listOrders')).toMatchObject({ status: 'on hold' });
  });

  it.each(FILTER_STATUSES)('filters by status %s', async (status) => {
    const answer = await request('GET', `/v1/orders?status=${encodeURIComponent(status)}`);
    expect(answer.status).toBe(200);
    expect(requestOf('listOrders')).toMatchObject({ status });
  });

  it.each(['closed', 'Partially Shipped', 'onhold'])("answers orders' 422 for status=%s", async (status) => {
    const answer = await request('GET', `/v1/orders?status=${encodeURIComponent(status)}`);
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError', errors: { status: ['is not an order status'] } });
  });
});

describe('PUT /v1/orders/:id/ship', () => {
  const ids = [101, 102];
  it.each([
    ['a JSON array in a JSON body', '', JSON_TYPE, '{"items":[101,102]}'],
    ['ids as JSON strings', '', JSON_TYPE, '{"items":["101","102"]}'],
    ['JSON text in a JSON body', '', JSON_TYPE, '{"items":"[101,102]"}'],
    ['a comma list in a JSON body', '', JSON_TYPE, '{"items":"101, 102"}'],
    ['items as the order renders them', '', JSON_TYPE, '{"items":[{"item":{"id":101}},{"id":102}]}'],
    ['JSON text in a query-only PUT', `?items=${encodeURIComponent('[101,102]')}`, {}, undefined],
    ['a comma list in the query', '?items=101,102', {}, undefined],
    ['bracket names in the query', '?items[]=101&items[]=102', {}, undefined],
    ['a comma list in a form body', '', FORM_TYPE, 'items=101%2C102'],
    ['bracket names in a form body', '', FORM_TYPE, 'items%5B%5D=101&items%5B%5D=102'],
    ['indexed names in a form body', '', FORM_TYPE, 'items[0]=101&items[1]=102'],
    ['repeated names in a form body', '', FORM_TYPE, 'items=101&items=102'],
    ['JSON text in a form body sent without a Content-Type', '', {}, `items=${encodeURIComponent('[101,102]')}`],
  ])('reads items as %s', async (_style, query, headers, body) => {
    const answer = await request('PUT', `/v1/orders/31/ship.json${query}`, headers, body);
    expect(answer.status).toBe(200);
    expect(requestOf('shipOrder')).toMatchObject({ store_id: 7, order_id: 31, item_ids: ids });
  });

  it.each([
    ['no items', '', {}, undefined],
    ['an empty value', '?items=', {}, undefined],
    ['an empty list', '', JSON_TYPE, '{"items":[]}'],
    ['JSON null', '', JSON_TYPE, '{"items":null}'],
  ])('ships every unshipped item when given %s', async (_style, query, headers, body) => {
    const answer = await request('PUT', `/v1/orders/31/ship${query}`, headers, body);
    expect(answer.status).toBe(200);
    expect(requestOf('shipOrder')).toMatchObject({ item_ids: [] });
  });

  it('passes the tracking fields and answers the order with its new fulfillment', async () => {
    const body = 'items=101&tracking_number=1Z999&shipping_company=UPS&notify_customer=true&note_to_customer=Enjoy';
    const answer = await request('PUT', '/v1/orders/31/ship/', FORM_TYPE, body);

    expect(requestOf('shipOrder')).toEqual({
      store_id: 7,
      order_id: 31,
      item_ids: [101],
      tracking_number: '1Z999',
      shipping_company: 'UPS',
      notify_customer: true,
      note_to_customer: 'Enjoy',
    });
    expect(answer.status).toBe(200);
    const order = answer.body.data as { status: string; items: Array<{ item: { fulfilled_at: string | null } }>; fulfillments: unknown[] };
    expect(order.status).toBe('Partially Shipped');
    expect(order.items.map(({ item }) => item.fulfilled_at)).toEqual(['2026-03-02T11:30:00-05:00', null]);
    expect(order.fulfillments).toEqual([
      {
        id: 5,
        order_id: 31,
        items: [{ item: expect.objectContaining({ id: 101, fulfillment_id: 5 }) }],
        tracking_number: '1Z999',
        shipping_company: 'UPS',
        note_to_customer: 'Enjoy',
        notify_customer: true,
        created_at: '2026-03-02T11:30:00-05:00',
        updated_at: '2026-03-02T11:30:00-05:00',
      },
    ]);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['0', false],
    ['', false],
  ])('reads notify_customer=%s as %s', async (text, notify) => {
    await request('PUT', `/v1/orders/31/ship?notify_customer=${text}`);
    expect(requestOf('shipOrder')).toMatchObject({ notify_customer: notify });
  });

  it('takes JSON booleans and leaves notify_customer false when absent', async () => {
    await request('PUT', '/v1/orders/31/ship', JSON_TYPE, '{"notify_customer":true}');
    expect(requestOf('shipOrder')).toMatchObject({ notify_customer: true });
    calls.length = 0;
    await request('PUT', '/v1/orders/31/ship', JSON_TYPE, '{}');
    expect(requestOf('shipOrder')).toMatchObject({
      notify_customer: false,
      tracking_number: '',
      shipping_company: '',
      note_to_customer: '',
    });
  });

  it.each([
    ['items=101,abc', { 'items[1]': ['must be an integer'] }],
    ['items=0', { 'items[0]': ['must be at least 1'] }],
    ['notify_customer=yes', { notify_customer: ['must be true or false'] }],
  ])('answers 422 per field for %s without calling orders', async (query, errors) => {
    const answer = await request('PUT', `/v1/orders/31/ship?${query}`);
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError', errors });
    expect(calls).toEqual([]);
  });

  it("answers orders' refusal of an item with 422 on items", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed: items 101 is shipped already',
      fieldViolations: { items: ['101 is shipped already'] },
    });
    const answer = await request('PUT', '/v1/orders/31/ship?items=101');
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ error_type: 'ValidationError', errors: { items: ['101 is shipped already'] } });
  });

  it('answers 409 NothingToShip when every item is shipped already', async () => {
    failure = new RemoteError({
      code: GrpcStatus.FAILED_PRECONDITION,
      message: 'Every item of this order is shipped already',
      reason: 'NOTHING_TO_SHIP',
    });
    const answer = await request('PUT', '/v1/orders/31/ship');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      error: 'Every item of this order is shipped already',
      meta: { code: 409, error_type: 'NothingToShip' },
    });
  });
});

describe('PUT /v1/orders/:id/hold, /open and /cancel', () => {
  it.each([
    ['hold', 'holdOrder', 'on hold'],
    ['open', 'openOrder', 'open'],
    ['cancel', 'cancelOrder', 'canceled'],
  ])('PUT /v1/orders/31/%s calls %s and answers the order', async (action, method, status) => {
    for (const suffix of ['', '.json', '/', '.json/']) {
      calls.length = 0;
      const answer = await request('PUT', `/v1/orders/31/${action}${suffix}`);
      expect(answer.status).toBe(200);
      expect(calls).toEqual([{ method, request: { store_id: 7, order_id: 31 } }]);
      expect(answer.body).toMatchObject({ data: { id: 31, status }, meta: { code: 200, api_version: '1.0' } });
    }
  });

  it.each([
    ['ship', 'shipped', 'An order that is shipped cannot be shipped'],
    ['hold', 'canceled', 'An order that is canceled cannot be put on hold'],
    ['open', 'open', 'An order that is open cannot be opened'],
    ['cancel', 'shipped', 'An order that is shipped cannot be canceled'],
  ])('answers a refused %s of a %s order with 409 InvalidTransition naming the status', async (action, status, message) => {
    failure = new RemoteError({
      code: GrpcStatus.FAILED_PRECONDITION,
      message,
      reason: 'ILLEGAL_TRANSITION',
      metadata: { status, action },
    });
    const answer = await request('PUT', `/v1/orders/31/${action}.json`);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      error: message,
      meta: { code: 409, api_version: '1.0', error_type: 'InvalidTransition', error_message: message, request_id: expect.any(String) },
    });
  });

  it('names the status even when the service words its refusal without it', async () => {
    failure = new RemoteError({
      code: GrpcStatus.FAILED_PRECONDITION,
      message: 'Refused',
      reason: 'ILLEGAL_TRANSITION',
      metadata: { status: 'Partially Shipped', action: 'cancel' },
    });
    const answer = await request('PUT', '/v1/orders/31/cancel');
    expect(answer.body.error).toBe('An order that is Partially Shipped cannot be canceled');
  });

  it('does not answer other methods on the transitions (405, naming the methods it takes)', async () => {
    for (const [method, path, allow] of [
      ['GET', '/v1/orders/31/ship', 'PUT'],
      ['POST', '/v1/orders/31/hold', 'PUT'],
      ['DELETE', '/v1/orders/31', 'GET, HEAD'],
    ]) {
      const answer = await request(method, path);
      expect({ status: answer.status, allow: answer.headers.allow }).toEqual({ status: 405, allow });
    }
    expect(calls).toEqual([]);
  });
});

describe('GET /v1/orders/:id/products and /variants', () => {
  it('answers data.products, each rendered as GET /v1/products/:id renders it, with the store context', async () => {
    const answer = await request('GET', '/v1/orders/31/products.json');
    expect(calls).toEqual([{ method: 'getOrderProducts', request: { store_id: 7, order_id: 31 } }]);
    expect(answer.status).toBe(200);
    const { products } = answer.body.data as { products: Array<Record<string, unknown>> };
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      id: 5,
      name: 'Tee',
      created_at: '2026-03-01T10:00:00-05:00',
      price: 10,
      cents: 1000,
      shipping_group: { id: 2, name: 'Shirts' },
      variants: [{ variant: expect.objectContaining({ id: 9, in_stock: 8 }) }],
    });
    expect(products[0].storefront_url).toMatch(/^https:\/\/shop\.example\.com\//);
    expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0' });
  });

  it('answers data.variants as flat records', async () => {
    const answer = await request('GET', '/v1/orders/31/variants/');
    expect(calls).toEqual([{ method: 'getOrderVariants', request: { store_id: 7, order_id: 31 } }]);
    expect(answer.body.data).toEqual({
      variants: [
        {
          id: 9,
          product_id: 5,
          name: 'Large',
          position: 1,
          sku: 'TEE-L',
          full_quantity: 10,
          percent_available: 80,
          is_default_variant: false,
          in_stock: 8,
          sold: 2,
          price: 10,
          sold_out: false,
          status: 'active',
          has_override_price: false,
          cents: 1000,
        },
      ],
    });
  });
});

describe('PUT /v1/orders/:order_id/fulfillments/:id', () => {
  it('changes only the fields sent and answers the fulfillment with its items', async () => {
    const answer = await request('PUT', '/v1/orders/31/fulfillments/5.json', FORM_TYPE, 'tracking_number=1Z999&id=77');

    expect(calls).toEqual([
      {
        method: 'updateFulfillment',
        request: {
          store_id: 7,
          order_id: 31,
          fulfillment_id: 5,
          tracking_number: '1Z999',
          shipping_company: undefined,
          note_to_customer: undefined,
        },
      },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        id: 5,
        order_id: 31,
        items: [{ item: expect.objectContaining({ id: 101, order_id: 31, fulfillment_id: 5, fulfilled_at: '2026-03-02T11:30:00-05:00' }) }],
        tracking_number: '1Z999',
        shipping_company: 'UPS',
        note_to_customer: 'Enjoy',
        notify_customer: true,
        created_at: '2026-03-02T11:30:00-05:00',
        updated_at: '2026-03-02T11:30:00-05:00',
      },
      // `id` is not an input: taken, ignored, and named.
      meta: { code: 200, api_version: '1.0', ignored_params: ['id'] },
    });
  });

  it('clears a field sent as JSON null or empty, and takes the query alone', async () => {
    await request('PUT', '/v1/orders/31/fulfillments/5', JSON_TYPE, '{"shipping_company":null,"note_to_customer":""}');
    expect(requestOf('updateFulfillment')).toMatchObject({ shipping_company: '', note_to_customer: '', tracking_number: undefined });
    calls.length = 0;
    await request('PUT', '/v1/orders/31/fulfillments/5/?shipping_company=USPS');
    expect(requestOf('updateFulfillment')).toMatchObject({ shipping_company: 'USPS', tracking_number: undefined });
  });

  it("answers 404 for another order's fulfillment", async () => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Fulfillment not found' });
    const answer = await request('PUT', '/v1/orders/32/fulfillments/5', FORM_TYPE, 'tracking_number=1');
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ error_type: 'NotFound', error_message: 'Fulfillment not found' });
  });
});

describe('scopes', () => {
  const bearer = (grantId: string) => ({
    Authorization:
      'Bearer ' +
      jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: grantId, scope: 'store_read store_write' }, TEST_TOKENS.secret, {
        issuer: TEST_TOKENS.issuer,
        audience: TEST_TOKENS.audience,
        expiresIn: '1h',
      }),
  });
  const withToken = (grantId: string, method: string, path: string) => send(server.url, { method, path, headers: bearer(grantId) });

  it.each(['/v1/orders', '/v1/orders/31', '/v1/orders/31/products', '/v1/orders/31/variants'])('lets store_read read %s', async (path) => {
    expect((await withToken('read-only', 'GET', path)).status).toBe(200);
  });

  it.each(['/v1/orders/31/ship', '/v1/orders/31/hold', '/v1/orders/31/open', '/v1/orders/31/cancel', '/v1/orders/31/fulfillments/5'])(
    'needs store_write for PUT %s',
    async (path) => {
      const refused = await withToken('read-only', 'PUT', path);
      expect(refused.status).toBe(403);
      expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
      expect(calls).toEqual([]);
      expect((await withToken('read-write', 'PUT', path)).status).toBe(200);
    },
  );
});
