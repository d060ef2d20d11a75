// GET /v1/orders/summary (docs/orders.md#sales-summary) through the whole app, on an orders backend written for the test.
import jwt from 'jsonwebtoken';
import { orders } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const FROM = 1_772_341_200; // 2026-03-01T00:00:00-05:00
const TO = FROM + 2 * 86_400 - 1;

const figures = (currency: string, overrides: Partial<orders.SalesFigures> = {}) =>
  orders.SalesFigures.fromPartial({
    currency,
    orders_count: 3,
    gross_sales: 4300,
    discounts: 100,
    shipping: 1900,
    taxes: 420,
    refunds: 2215,
    total_sales: 4305,
    ...overrides,
  });

/** The requests orders received. */
const calls: orders.SummarizeOrdersRequest[] = [];
let failure: RemoteError | undefined;

const ordersBackend = {
  summarizeOrders: async (request: orders.SummarizeOrdersRequest) => {
    calls.push(request);
    if (failure) throw failure;
    return orders.SummarizeOrdersResponse.fromPartial({
      totals: figures('USD', { orders_count: 4 }),
      by_currency: [figures('USD'), figures('EUR', { orders_count: 1, gross_sales: 999, total_sales: 999, refunds: 0 })],
      by_day: [
        { date: '2026-03-01', sales: figures('USD') },
        { date: '2026-03-02', sales: figures('USD', { orders_count: 1, gross_sales: 0, total_sales: 0 }) },
      ],
      time_zone: 'America/New_York',
      created_at_min: request.created_at_min,
      created_at_max: request.created_at_max,
    });
  },
};
const clients = { orders: ordersBackend } as unknown as BackendClients;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, storeSevenIdentity));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  failure = undefined;
});

const get = (path: string, headers: Record<string, string> = { 'API-KEY': 'sk_live_7' }): Promise<Received> =>
  send(server.url, { method: 'GET', path, headers });

describe('GET /v1/orders/summary', () => {
  it("asks orders for the range and answers the figures in the store's currency, per currency and per day", async () => {
    const answer = await get(`/v1/orders/summary.json?created_at_min=${FROM}&created_at_max=${TO}.5`);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ store_id: 7, created_at_min: new Date(FROM * 1000), created_at_max: new Date(TO * 1000 + 500) }]);
    const rendered = (overrides: Record<string, unknown> = {}) => ({
      orders_count: 3,
      gross_sales: '43.00',
      discounts: '1.00',
      shipping: '19.00',
      taxes: '4.20',
      refunds: '22.15',
      total_sales: '43.05',
      ...overrides,
    });
    expect(answer.body).toEqual({
      data: {
        created_at_min: '2026-03-01T00:00:00-05:00',
        created_at_max: '2026-03-02T23:59:59-05:00',
        currency: 'USD',
        ...rendered({ orders_count: 4 }),
        by_currency: [
          { currency: 'USD', ...rendered() },
          { currency: 'EUR', ...rendered({ orders_count: 1, gross_sales: '9.99', refunds: '0.00', total_sales: '9.99' }) },
        ],
        by_day: [
          { date: '2026-03-01', ...rendered() },
          { date: '2026-03-02', ...rendered({ orders_count: 1, gross_sales: '0.00', total_sales: '0.00' }) },
        ],
      },
      meta: { code: 200, api_version: '1.0' },
    });
  });

  it.each(['/v1/orders/summary', '/v1/orders/summary/', '/v1/orders/summary.json/'])('answers at %s, not as an order id', async (path) => {
    const answer = await get(`${path}?created_at_min=${FROM}&created_at_max=${TO}`);

    expect(answer.status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['', { created_at_min: ['is required'], created_at_max: ['is required'] }],
    [`created_at_min=${FROM}&created_at_max=`, { created_at_max: ['is required'] }],
    [`created_at_min=yesterday&created_at_max=${TO}`, { created_at_min: ['must be a unix timestamp in seconds'] }],
    [`created_at_min=${FROM}&created_at_max=2026-03-02`, { created_at_max: ['must be a unix timestamp in seconds'] }],
    [`created_at_min=-1&created_at_max=${TO}`, { created_at_min: ['must be a unix timestamp in seconds'] }],
    [`created_at_min=${FROM}&created_at_max=1e99`, { created_at_max: ['must be a unix timestamp in seconds'] }],
    [`created_at_min=${FROM}&created_at_max=99999999999999999999`, { created_at_max: ['must be a unix timestamp in seconds'] }],
  ])('answers 422 for %p, naming each field, without calling orders', async (query, errors) => {
    const answer = await get(`/v1/orders/summary?${query}`);

    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError', errors });
    expect(calls).toEqual([]);
  });

  it("answers orders' 422 for a range longer than 366 days or reversed", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed: created_at_max must be at most 366 days after created_at_min',
      fieldViolations: { created_at_max: ['must be at most 366 days after created_at_min'] },
    });

    const answer = await get(`/v1/orders/summary?created_at_min=${FROM}&created_at_max=${FROM + 367 * 86_400}`);

    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ errors: { created_at_max: ['must be at most 366 days after created_at_min'] } });
  });

  it('is read with store_read, and refused without a credential', async () => {
    const token = jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'read-only', scope: 'store_read' }, TEST_TOKENS.secret, {
      issuer: TEST_TOKENS.issuer,
      audience: TEST_TOKENS.audience,
      expiresIn: '1h',
    });
    const query = `?created_at_min=${FROM}&created_at_max=${TO}`;

    expect((await get(`/v1/orders/summary${query}`, { Authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await get(`/v1/orders/summary${query}`, {})).status).toBe(401);
  });
});
