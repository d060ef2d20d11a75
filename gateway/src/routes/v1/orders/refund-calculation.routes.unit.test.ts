// POST /v1/orders/:id/refunds/calculate (docs/money.md#refunds) through the whole app, on an orders backend written for the test.
import jwt from 'jsonwebtoken';
import { orders } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

/** The requests orders received. */
const calls: orders.CalculateRefundRequest[] = [];
let failure: RemoteError | undefined;

const ordersBackend = {
  // As orders answers: two units of item 101 and the shipping, in a 3-decimal currency.
  calculateRefund: async (request: orders.CalculateRefundRequest) => {
    calls.push(request);
    if (failure) throw failure;
    return orders.CalculateRefundResponse.fromPartial({
      order_id: request.order_id,
      amount: 22_335,
      items: [{ item_id: 101, quantity: 2, amount: 17_335 }],
      shipping: true,
      shipping_amount: 5_000,
      restock: request.restock,
      note: request.note,
      left_to_refund: 1_250,
      currency: 'KWD',
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

const JSON_TYPE = { 'Content-Type': 'application/json' };
const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };

const post = (
  body: string,
  headers: Record<string, string> = { 'API-KEY': 'sk_live_7', ...JSON_TYPE },
  path = '/v1/orders/31/refunds/calculate.json',
) => send(server.url, { method: 'POST', path, headers, body }) as Promise<Received>;

describe('POST /v1/orders/:id/refunds/calculate', () => {
  it("asks orders with the refund's input and answers each part in the order's currency, decimals and minor units", async () => {
    const answer = await post(JSON.stringify({ items: [{ item_id: 101, quantity: 2 }], shipping: true, restock: true, note: 'Broken' }));

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      orders.CalculateRefundRequest.fromPartial({
        store_id: 7,
        order_id: 31,
        items: [{ item_id: 101, quantity: 2 }],
        shipping: true,
        restock: true,
        note: 'Broken',
      }),
    ]);
    expect(answer.body).toEqual({
      data: {
        order_id: 31,
        currency: 'KWD',
        amount: '22.335',
        amount_in_cents: 22_335,
        items: [{ item_id: 101, quantity: 2, amount: '17.335', amount_in_cents: 17_335 }],
        shipping: true,
        shipping_amount: '5.000',
        shipping_amount_in_cents: 5_000,
        restock: true,
        note: 'Broken',
        left_to_refund: '1.250',
        left_to_refund_in_cents: 1_250,
      },
      meta: { code: 200, api_version: '1.0' },
    });
  });

  it('takes an amount as a form, and at the path without .json', async () => {
    const answer = await post(
      'amount_in_cents=500&note=Goodwill',
      { 'API-KEY': 'sk_live_7', ...FORM_TYPE },
      '/v1/orders/31/refunds/calculate',
    );

    expect(answer.status).toBe(200);
    expect(calls).toEqual([orders.CalculateRefundRequest.fromPartial({ store_id: 7, order_id: 31, amount: 500, note: 'Goodwill' })]);
  });

  it.each([
    [{ amount_in_cents: 0 }, { amount_in_cents: ['must be at least 1'] }],
    [{ amount_in_cents: 'lots' }, { amount_in_cents: ['must be an integer'] }],
    [{ items: [{ item_id: 101, quantity: 0 }] }, { 'items[0][quantity]': ['must be at least 1'] }],
  ])('answers 422 for %j, naming the field as the refund does, without calling orders', async (body, errors) => {
    const answer = await post(JSON.stringify(body));

    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({ code: 422, error_type: 'ValidationError', errors });
    expect(calls).toEqual([]);
  });

  it("answers orders' refusals as the refund's: 422 on the field, 409 NotPaid, 404 for an order it does not know", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed: items is more than the 1250 left to refund (these come to 2000)',
      fieldViolations: { items: ['is more than the 1250 left to refund (these come to 2000)'] },
    });
    const tooMuch = await post(JSON.stringify({ items: [{ item_id: 101, quantity: 2 }] }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.meta).toMatchObject({ errors: { items: ['is more than the 1250 left to refund (these come to 2000)'] } });

    failure = new RemoteError({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'NOT_PAID', message: 'This order was never paid' });
    const unpaid = await post(JSON.stringify({ amount_in_cents: 1 }));
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.meta).toMatchObject({ code: 409, error_type: 'NotPaid' });

    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'order not found' });
    const unknown = await post(JSON.stringify({ amount_in_cents: 1 }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
  });

  it('is answered with store_read, as it changes nothing, and refused without a credential', async () => {
    const token = jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'read-only', scope: 'store_read' }, TEST_TOKENS.secret, {
      issuer: TEST_TOKENS.issuer,
      audience: TEST_TOKENS.audience,
      expiresIn: '1h',
    });
    const body = JSON.stringify({ amount_in_cents: 500 });

    expect((await post(body, { Authorization: `Bearer ${token}`, ...JSON_TYPE })).status).toBe(200);
    expect((await post(body, JSON_TYPE)).status).toBe(401);
    // The refund itself still needs store_write.
    const refund = await post(body, { Authorization: `Bearer ${token}`, ...JSON_TYPE }, '/v1/orders/31/refunds.json');
    expect(refund.status).toBe(403);
    expect(refund.body.meta).toMatchObject({ error_type: 'InsufficientScope' });
  });
});
