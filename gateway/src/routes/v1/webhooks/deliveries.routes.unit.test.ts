// A webhook's deliveries and their repair (docs/webhooks.md#seeing-and-repairing-deliveries) through the whole app, on a
// WebhookDeliveryService written for the test.
import jwt from 'jsonwebtoken';
import { webhooks } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const TIME_ZONE = 'America/New_York';
const EVENT_ID = '6f1c2a3e-0d5b-4a51-9d0e-2f3c4b5a6d7e';

const aDelivery = (overrides: Partial<webhooks.Delivery> = {}): webhooks.Delivery =>
  webhooks.Delivery.fromPartial({
    id: 130,
    webhook_id: 12,
    event_id: EVENT_ID,
    topic: 'product/updated',
    status: 'pending',
    attempts: [
      {
        id: 900,
        webhook_id: 12,
        event_id: EVENT_ID,
        topic: 'product/updated',
        attempt: 1,
        status_code: 500,
        error: 'the receiver answered 500',
        succeeded: false,
        attempted_at: new Date('2026-03-01T15:00:00Z'),
        duration_ms: 42,
        next_attempt_at: new Date('2026-03-01T15:00:05Z'),
      },
    ],
    next_attempt_at: new Date('2026-03-01T15:00:05Z'),
    created_at: new Date('2026-03-01T15:00:00Z'),
    updated_at: new Date('2026-03-01T15:00:00Z'),
    ...overrides,
  });

/** The delivery as the API renders it, in the store's zone. */
const RENDERED = {
  id: 130,
  webhook_id: 12,
  event_id: EVENT_ID,
  topic: 'product/updated',
  status: 'pending',
  attempts: [
    {
      id: 900,
      attempt: 1,
      status_code: 500,
      succeeded: false,
      duration_ms: 42,
      error: 'the receiver answered 500',
      attempted_at: '2026-03-01T10:00:00-05:00',
      next_attempt_at: '2026-03-01T10:00:05-05:00',
    },
  ],
  next_attempt_at: '2026-03-01T10:00:05-05:00',
  last_error: null,
  created_at: '2026-03-01T10:00:00-05:00',
  updated_at: '2026-03-01T10:00:00-05:00',
};

const calls: Array<{ method: string; request: Record<string, unknown> }> = [];
let failure: RemoteError | undefined;
let listed: webhooks.Delivery[] = [];
const ENVELOPE = {
  id: EVENT_ID,
  topic: 'product/updated',
  store_id: 7,
  occurred_at: '2026-03-01T15:00:00.000Z',
  resource: { id: 5, name: 'Mug' },
  sequence: 2,
  resource_type: 'product',
  resource_id: 5,
};
let feed: Array<typeof ENVELOPE> = [];
/** What the service says of what is left after the page it answers. */
let hasMore = true;

function answering<Req, Res>(method: string, answer: (request: Req) => Res) {
  return async (request: Req) => {
    calls.push({ method, request: request as Record<string, unknown> });
    if (failure) throw failure;
    return answer(request);
  };
}

/** The page size webhooks applies to a requested one (services/webhooks/src/domain/paging.ts): 50 unless asked, 1..250. */
const appliedLimit = (requested: number | undefined) => (requested === undefined ? 50 : Math.min(250, Math.max(1, requested)));

const deliveriesBackend = {
  listWebhookDeliveries: answering('listWebhookDeliveries', (request: webhooks.ListWebhookDeliveriesRequest) => ({
    deliveries: listed,
    limit: appliedLimit(request.limit),
    time_zone: TIME_ZONE,
    has_more: hasMore,
  })),
  retryDelivery: answering('retryDelivery', (request: webhooks.RetryDeliveryRequest) => ({
    delivery: aDelivery({ id: request.delivery_id }),
    time_zone: TIME_ZONE,
  })),
  sendTestEvent: answering('sendTestEvent', () => ({
    delivery: aDelivery({ topic: 'webhook/test', attempts: [], next_attempt_at: new Date('2026-03-01T15:00:00Z') }),
    time_zone: TIME_ZONE,
  })),
  replayEventsSince: answering('replayEventsSince', () => ({ scheduled: 3, events: 4 })),
  listEvents: answering('listEvents', (request: webhooks.ListEventsRequest) => ({
    events: feed.map((event) => JSON.stringify(event)),
    limit: appliedLimit(request.limit),
    has_more: hasMore,
  })),
};
const clients = { webhookDeliveries: deliveriesBackend, webhooks: {} } as unknown as BackendClients;

const identity = storeSevenIdentity;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity, { publicUrl: 'https://api.example.com' }));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  failure = undefined;
  listed = [aDelivery(), aDelivery({ id: 129, status: 'delivered', next_attempt_at: undefined })];
  feed = [{ ...ENVELOPE, id: 'evt-1' }, ENVELOPE];
  hasMore = true;
});

const KEY = { 'API-KEY': 'sk_live_7' };
const BOTH_SPELLINGS = ['webhooks', 'webhoooks'];

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Received> {
  return send(server.url, { method, path, headers: { ...KEY, ...headers }, body });
}

describe.each(BOTH_SPELLINGS)('GET /v1/%s/:id/deliveries', (spelling) => {
  it('answers data.deliveries with their attempts, a pagination block and a Link to the next page', async () => {
    const answer = await request('GET', `/v1/${spelling}/12/deliveries?api_key=sk_live_7`);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      { method: 'listWebhookDeliveries', request: { store_id: 7, webhook_id: 12, limit: undefined, older_than_id: 0 } },
    ]);
    const nextUrl = `https://api.example.com/v1/${spelling}/12/deliveries?older_than_id=129`;
    expect(answer.body).toEqual({
      data: { deliveries: [RENDERED, { ...RENDERED, id: 129, status: 'delivered', next_attempt_at: null }] },
      pagination: { limit: 50, next_url: nextUrl },
      meta: { code: 200, api_version: '1.0' },
    });
    expect(answer.headers.link).toBe(`<${nextUrl}>; rel="next"`);
  });

  it('passes limit on as sent (webhooks clamps it to 1..250; per_page another name of it) and older_than_id', async () => {
    const answer = await request('GET', `/v1/${spelling}/12/deliveries.json?limit=900&older_than_id=200`);
    expect(answer.status).toBe(200);
    expect(calls[0].request).toEqual({ store_id: 7, webhook_id: 12, limit: 900, older_than_id: 200 });
    expect(answer.body.pagination).toEqual({
      limit: 250,
      next_url: `https://api.example.com/v1/${spelling}/12/deliveries.json?limit=900&older_than_id=129`,
    });
    await request('GET', `/v1/${spelling}/12/deliveries.json?per_page=2`);
    expect(calls[1].request).toMatchObject({ limit: 2 });
  });

  it('answers no next_url and no Link on the last page, nor past it', async () => {
    hasMore = false;
    const last = await request('GET', `/v1/${spelling}/12/deliveries.json?limit=2`);
    expect(last.body.data).toEqual({ deliveries: [RENDERED, { ...RENDERED, id: 129, status: 'delivered', next_attempt_at: null }] });
    expect(last.body.pagination).toEqual({ limit: 2, next_url: null });
    expect(last.headers.link).toBeUndefined();
    listed = [];
    const past = await request('GET', `/v1/${spelling}/12/deliveries.json?older_than_id=129`);
    expect(past.body).toMatchObject({ data: { deliveries: [] }, pagination: { limit: 50, next_url: null } });
    expect(past.headers.link).toBeUndefined();
  });

  it('answers 422 for a limit or older_than_id that is not a number, without calling webhooks', async () => {
    const answer = await request('GET', `/v1/${spelling}/12/deliveries?limit=many&older_than_id=x`);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.meta!.errors as object).sort()).toEqual(['limit', 'older_than_id']);
    expect(calls).toEqual([]);
  });
});

describe.each(BOTH_SPELLINGS)('POST /v1/%s/:id/deliveries/:delivery_id/retry', (spelling) => {
  it('answers the delivery as it now stands', async () => {
    const answer = await request('POST', `/v1/${spelling}/12/deliveries/130/retry`);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'retryDelivery', request: { store_id: 7, webhook_id: 12, delivery_id: 130 } }]);
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0' } });
  });

  it('answers 404 for a delivery id that cannot name one, without calling webhooks', async () => {
    const answer = await request('POST', `/v1/${spelling}/12/deliveries/abc/retry`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('Delivery not found');
    expect(calls).toEqual([]);
  });

  it('answers 409 when the webhook is disabled', async () => {
    failure = new RemoteError({ code: GrpcStatus.FAILED_PRECONDITION, message: 'The webhook is disabled (disabled); enable it first' });
    const answer = await request('POST', `/v1/${spelling}/12/deliveries/130/retry`);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe('The webhook is disabled (disabled); enable it first');
  });
});

describe.each(BOTH_SPELLINGS)('POST /v1/%s/:id/replay', (spelling) => {
  it('replays the events since `since` to that webhook and answers the counts', async () => {
    const answer = await request('POST', `/v1/${spelling}/12/replay?since=1772377200`);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      { method: 'replayEventsSince', request: { store_id: 7, webhook_id: 12, since: new Date('2026-03-01T15:00:00Z') } },
    ]);
    expect(answer.body).toEqual({ data: { webhook_id: 12, events: 4, scheduled: 3 }, meta: { code: 200, api_version: '1.0' } });
  });

  it.each([
    ['missing', ''],
    ['not a unix time', '?since=yesterday'],
  ])('answers 422 when since is %s, without calling webhooks', async (_case, query) => {
    const answer = await request('POST', `/v1/${spelling}/12/replay${query}`);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.meta!.errors as object)).toEqual(['since']);
    expect(calls).toEqual([]);
  });
});

describe.each(BOTH_SPELLINGS)('POST /v1/%s/:id/test', (spelling) => {
  it('answers the ping delivery, pending', async () => {
    const answer = await request('POST', `/v1/${spelling}/12/test`);
    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'sendTestEvent', request: { store_id: 7, webhook_id: 12 } }]);
    expect(answer.body.data).toMatchObject({
      topic: 'webhook/test',
      status: 'pending',
      attempts: [],
      next_attempt_at: '2026-03-01T10:00:00-05:00',
    });
  });
});

describe('GET /v1/events', () => {
  it('answers data.events as published, oldest first, with next_url carrying the last id as since_id', async () => {
    const answer = await request('GET', '/v1/events?topic=product%2Fupdated&limit=2');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      {
        method: 'listEvents',
        request: {
          store_id: 7,
          since_id: '',
          topic: 'product/updated',
          limit: 2,
          topics: [],
          wait_ms: 0,
          from_newest: false,
          resource_type: '',
          resource_id: 0,
          order_id: 0,
        },
      },
    ]);
    const nextUrl = `https://api.example.com/v1/events?topic=product%2Fupdated&limit=2&since_id=${EVENT_ID}`;
    expect(answer.body).toEqual({
      data: { events: [{ ...ENVELOPE, id: 'evt-1' }, ENVELOPE] },
      pagination: { limit: 2, next_url: nextUrl },
      meta: { code: 200, api_version: '1.0' },
    });
    expect(answer.headers.link).toBe(`<${nextUrl}>; rel="next"`);
  });

  it('passes since_id and limit as sent (webhooks defaults and clamps it), takes per_page for it', async () => {
    await request('GET', '/v1/events.json?since_id=evt-1&limit=1000');
    expect(calls[0].request).toEqual({
      store_id: 7,
      since_id: 'evt-1',
      topic: '',
      limit: 1000,
      topics: [],
      wait_ms: 0,
      from_newest: false,
      resource_type: '',
      resource_id: 0,
      order_id: 0,
    });
    await request('GET', '/v1/events');
    expect(calls[1].request).toMatchObject({ limit: undefined });
    await request('GET', '/v1/events?per_page=3');
    expect(calls[2].request).toMatchObject({ limit: 3 });
  });

  it("passes an order's or a resource's history filters, which next_url keeps", async () => {
    const answer = await request('GET', '/v1/events?order_id=123&limit=2');
    await request('GET', '/v1/events.json?resource_type=%20fulfillment%20&resource_id=5');
    await request('GET', '/v1/events?order_id=&resource_type=&resource_id=');

    expect(calls.map((call) => call.request)).toEqual([
      expect.objectContaining({ order_id: 123, resource_type: '', resource_id: 0 }),
      expect.objectContaining({ order_id: 0, resource_type: 'fulfillment', resource_id: 5 }),
      expect.objectContaining({ order_id: 0, resource_type: '', resource_id: 0 }),
    ]);
    expect(answer.body.pagination).toEqual({
      limit: 2,
      next_url: `https://api.example.com/v1/events?order_id=123&limit=2&since_id=${EVENT_ID}`,
    });
  });

  it("answers 422 for history ids that are not integers, and the service's refusal of a resource_type alone", async () => {
    const bad = await request('GET', '/v1/events?order_id=abc&resource_id=1.5');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.meta!.errors as object).sort()).toEqual(['order_id', 'resource_id']);
    expect(calls).toEqual([]);

    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { resource_id: ['is required with resource_type'] },
    });
    const refused = await request('GET', '/v1/events?resource_type=order');
    expect(refused.status).toBe(422);
    expect(refused.body.meta!.errors).toEqual({ resource_id: ['is required with resource_type'] });
  });

  it('answers no next_url and no Link once the page reaches the newest event, nor past it', async () => {
    hasMore = false;
    const last = await request('GET', '/v1/events.json?limit=2');
    expect(last.body.pagination).toEqual({ limit: 2, next_url: null });
    expect(last.headers.link).toBeUndefined();
    feed = [];
    const past = await request('GET', `/v1/events.json?since_id=${EVENT_ID}`);
    expect(past.body).toMatchObject({ data: { events: [] }, pagination: { limit: 50, next_url: null } });
    expect(past.headers.link).toBeUndefined();
  });

  it("answers 422 for a limit that is not a number, and the service's refusal of a topic that is not public", async () => {
    const bad = await request('GET', '/v1/events?limit=lots');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.meta!.errors as object)).toEqual(['limit']);
    expect(calls).toEqual([]);

    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { topic: ['is not a public topic: "api_key/rotated"'] },
    });
    const refused = await request('GET', '/v1/events?topic=api_key%2Frotated');
    expect(refused.status).toBe(422);
    expect(refused.body.meta!.errors).toEqual({ topic: ['is not a public topic: "api_key/rotated"'] });
  });

  it('is readable with store_read', async () => {
    const token = jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'read-only', scope: 'store_read' }, TEST_TOKENS.secret, {
      issuer: TEST_TOKENS.issuer,
      audience: TEST_TOKENS.audience,
      expiresIn: '1h',
    });
    expect((await send(server.url, { method: 'GET', path: '/v1/events', headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});

describe("another store's ids", () => {
  it.each([
    ['GET', '/v1/webhooks/99/deliveries'],
    ['POST', '/v1/webhooks/99/deliveries/130/retry'],
    ['POST', '/v1/webhooks/99/replay?since=1772377200'],
    ['POST', '/v1/webhooks/99/test'],
  ])('%s %s answers 404', async (method, path) => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Webhook not found' });
    const answer = await request(method, path);
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
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

  it('lets store_read list deliveries', async () => {
    expect((await withToken('read-only', 'GET', '/v1/webhooks/12/deliveries')).status).toBe(200);
  });

  it.each(['/v1/webhooks/12/deliveries/130/retry', '/v1/webhooks/12/replay?since=1772377200', '/v1/webhooks/12/test'])(
    'needs store_write for POST %s',
    async (path) => {
      const refused = await withToken('read-only', 'POST', path);
      expect(refused.status).toBe(403);
      expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
      expect(calls).toEqual([]);
      expect((await withToken('read-write', 'POST', path)).status).toBe(200);
    },
  );
});
