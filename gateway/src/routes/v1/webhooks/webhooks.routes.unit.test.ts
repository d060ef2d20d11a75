// The webhook routes (docs/webhooks.md#routes, docs/webhooks.md#the-record) through the whole app, on a webhooks backend written for the
// test.
import jwt from 'jsonwebtoken';
import { webhooks } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const TIME_ZONE = 'America/New_York';
const CREATED = new Date('2026-03-01T15:00:00Z');
const UPDATED = new Date('2026-03-02T16:30:00Z');
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const aWebhook = (overrides: Partial<webhooks.Webhook> = {}): webhooks.Webhook =>
  webhooks.Webhook.fromPartial({
    id: 12,
    url: 'https://example.com/hook',
    events: ['order/paid'],
    status: 'active',
    created_at: CREATED,
    updated_at: UPDATED,
    ...overrides,
  });

/** The webhook as the API renders it (docs/webhooks.md#the-record), in the store's zone. */
const RENDERED = {
  id: 12,
  url: 'https://example.com/hook',
  events: ['order/paid'],
  status: 'active',
  disabled_reason: null,
  created_at: '2026-03-01T10:00:00-05:00',
  updated_at: '2026-03-02T11:30:00-05:00',
};

/** Every WebhooksService call the gateway made, with its request. */
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

const oneWebhook = (request: { webhook_id: number }) => ({ webhook: aWebhook({ id: request.webhook_id }), time_zone: TIME_ZONE });
const webhooksBackend = {
  listWebhooks: answering('listWebhooks', () => ({
    webhooks: [aWebhook(), aWebhook({ id: 13, status: 'disabled', disabled_reason: 'the receiver answered 410 Gone' })],
    time_zone: TIME_ZONE,
  })),
  getWebhook: answering('getWebhook', oneWebhook),
  createWebhook: answering('createWebhook', (request: webhooks.CreateWebhookRequest) => ({
    webhook: aWebhook({ url: request.url, events: request.events }),
    signing_secret: SECRET,
    time_zone: TIME_ZONE,
  })),
  updateWebhook: answering('updateWebhook', oneWebhook),
  deleteWebhook: answering('deleteWebhook', oneWebhook),
};
const clients = { webhooks: webhooksBackend } as unknown as BackendClients;

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
const BOTH_SPELLINGS = ['webhooks', 'webhoooks'];

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Received> {
  return send(server.url, { method, path, headers: { ...KEY, ...headers }, body });
}

const requestOf = (method: string) => calls.find((call) => call.method === method)?.request;

describe('GET /v1/webhooks', () => {
  it('answers data.webhooks with flat records in the envelope', async () => {
    const answer = await request('GET', '/v1/webhooks.json');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'listWebhooks', request: { store_id: 7 } }]);
    expect(answer.body).toEqual({
      data: { webhooks: [RENDERED, { ...RENDERED, id: 13, status: 'disabled', disabled_reason: 'the receiver answered 410 Gone' }] },
      meta: { code: 200, api_version: '1.0' },
    });
  });
});

describe.each(BOTH_SPELLINGS)('GET /v1/%s/:id', (spelling) => {
  it.each(['', '.json', '/', '.json/'])('answers {data: webhook, meta} (suffix %p), never the secret', async (suffix) => {
    const answer = await request('GET', `/v1/${spelling}/12${suffix}`);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'getWebhook', request: { store_id: 7, webhook_id: 12 } }]);
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0' } });
  });
});

describe('POST /v1/webhooks', () => {
  const created = (answer: Received) => answer.body.data as Record<string, unknown>;

  it('answers the webhook with its secret in data, this once', async () => {
    const answer = await request(
      'POST',
      '/v1/webhooks.json',
      JSON_TYPE,
      JSON.stringify({ url: 'https://example.com/hook', events: ['order/paid', 'order/created'] }),
    );

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      { method: 'createWebhook', request: { store_id: 7, url: 'https://example.com/hook', events: ['order/paid', 'order/created'] } },
    ]);
    expect(answer.body).toEqual({
      data: { ...RENDERED, events: ['order/paid', 'order/created'], secret: SECRET },
      meta: { code: 200, api_version: '1.0' },
    });
  });

  it.each([
    ['a JSON array', JSON_TYPE, '{"url":"https://example.com/hook","events":["order/paid","product/created"]}'],
    ['JSON text in a JSON string', JSON_TYPE, '{"url":"https://example.com/hook","events":"[\\"order/paid\\",\\"product/created\\"]"}'],
    ['a comma list in JSON', JSON_TYPE, '{"url":"https://example.com/hook","events":"order/paid, product/created"}'],
    [
      'JSON text in a form',
      FORM_TYPE,
      `url=${encodeURIComponent('https://example.com/hook')}&events=${encodeURIComponent('["order/paid","product/created"]')}`,
    ],
    ['a comma list in a form', FORM_TYPE, 'url=https%3A%2F%2Fexample.com%2Fhook&events=order%2Fpaid%2Cproduct%2Fcreated'],
    ['repeated events[] in a form', FORM_TYPE, 'url=https%3A%2F%2Fexample.com%2Fhook&events[]=order%2Fpaid&events[]=product%2Fcreated'],
    ['a form with no Content-Type', {}, 'url=https%3A%2F%2Fexample.com%2Fhook&events=%5B%22order%2Fpaid%22%2C%22product%2Fcreated%22%5D'],
  ])('reads events sent as %s', async (_style, headers, body) => {
    const answer = await request('POST', '/v1/webhooks', headers, body);

    expect(answer.status).toBe(200);
    expect(requestOf('createWebhook')).toEqual({ store_id: 7, url: 'https://example.com/hook', events: ['order/paid', 'product/created'] });
    expect(created(answer).secret).toBe(SECRET);
  });

  it('takes url and events from the query string of a POST with no body, as clients of the original service send them', async () => {
    const query = `url=${encodeURIComponent('https://example.com/hook')}&events=${encodeURIComponent('["order/paid"]')}`;
    const answer = await request('POST', `/v1/webhooks.json?${query}`);

    expect(answer.status).toBe(200);
    expect(requestOf('createWebhook')).toEqual({ store_id: 7, url: 'https://example.com/hook', events: ['order/paid'] });
    expect(created(answer)).toMatchObject({ url: 'https://example.com/hook', events: ['order/paid'], secret: SECRET });
  });

  it('lets the body win over the query', async () => {
    await request(
      'POST',
      '/v1/webhooks?url=https%3A%2F%2Fold.example.com%2F&events=order%2Fpaid',
      JSON_TYPE,
      '{"url":"https://example.com/hook"}',
    );
    expect(requestOf('createWebhook')).toEqual({ store_id: 7, url: 'https://example.com/hook', events: ['order/paid'] });
  });

  it('answers 422 per field for what is missing or of the wrong shape, without calling webhooks', async () => {
    const missing = await request('POST', '/v1/webhooks', JSON_TYPE, '{}');
    expect(missing.status).toBe(422);
    expect(missing.body.meta).toMatchObject({
      code: 422,
      error_type: 'ValidationError',
      errors: { url: ['is required'], events: ['is required'] },
    });

    const wrong = await request('POST', '/v1/webhooks', JSON_TYPE, '{"url":{"a":1},"events":[{"topic":"order/paid"}]}');
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.meta!.errors as object).sort()).toEqual(['events[0]', 'url']);
    expect(calls).toEqual([]);
  });

  it("answers the service's refusals as 422 with its messages per field", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: {
        url: ['points to a loopback address (127.0.0.1); webhooks are delivered to public addresses only'],
        events: ['has a topic that is not a public topic: "order/lost"'],
      },
    });
    const answer = await request('POST', '/v1/webhooks', JSON_TYPE, '{"url":"http://127.0.0.1/","events":["order/lost"]}');

    expect(answer.status).toBe(422);
    expect(answer.body.meta!.errors).toEqual({
      url: ['points to a loopback address (127.0.0.1); webhooks are delivered to public addresses only'],
      events: ['has a topic that is not a public topic: "order/lost"'],
    });
  });

  it('answers the 50-webhook limit as 422', async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed: webhooks are limited to 50 per store; delete one first',
      fieldViolations: { webhooks: ['are limited to 50 per store; delete one first'] },
    });
    const answer = await request('POST', '/v1/webhooks', JSON_TYPE, '{"url":"https://example.com/hook","events":["order/paid"]}');
    expect(answer.status).toBe(422);
    expect(answer.body.meta!.errors).toEqual({ webhooks: ['are limited to 50 per store; delete one first'] });
  });
});

describe.each(BOTH_SPELLINGS)('PUT /v1/%s/:id', (spelling) => {
  it('sends only the fields given and answers the webhook without its secret', async () => {
    const answer = await request('PUT', `/v1/${spelling}/12.json`, JSON_TYPE, '{"events":["order/paid","order/shipped"]}');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      {
        method: 'updateWebhook',
        request: { store_id: 7, webhook_id: 12, url: undefined, events: { events: ['order/paid', 'order/shipped'] }, enabled: undefined },
      },
    ]);
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0' } });
  });

  it.each([
    ['a form', FORM_TYPE, 'url=https%3A%2F%2Fexample.com%2Fv2&events=%5B%22order%2Fpaid%22%5D&enabled=true', ''],
    ['a form with no Content-Type', {}, 'url=https%3A%2F%2Fexample.com%2Fv2&events=order%2Fpaid&enabled=1', ''],
    ['the query string alone', {}, undefined, '?url=https%3A%2F%2Fexample.com%2Fv2&events=%5B%22order%2Fpaid%22%5D&enabled=true'],
  ])('reads url, events and enabled from %s', async (_style, headers, body, query) => {
    const answer = await request('PUT', `/v1/${spelling}/12${query}`, headers, body);

    expect(answer.status).toBe(200);
    expect(requestOf('updateWebhook')).toEqual({
      store_id: 7,
      webhook_id: 12,
      url: 'https://example.com/v2',
      events: { events: ['order/paid'] },
      enabled: true,
    });
  });

  it.each([
    ['false', false],
    ['0', false],
    ['true', true],
  ])('reads enabled=%s', async (enabled, value) => {
    await request('PUT', `/v1/${spelling}/12`, FORM_TYPE, `enabled=${enabled}`);
    expect(requestOf('updateWebhook')).toMatchObject({ enabled: value, url: undefined, events: undefined });
  });

  it('sends an empty events list as given (the service answers that a topic is needed)', async () => {
    await request('PUT', `/v1/${spelling}/12`, JSON_TYPE, '{"events":[]}');
    expect(requestOf('updateWebhook')).toMatchObject({ events: { events: [] } });
  });

  it('answers 422 for an enabled that is not a boolean', async () => {
    const answer = await request('PUT', `/v1/${spelling}/12`, JSON_TYPE, '{"enabled":"maybe"}');
    expect(answer.status).toBe(422);
    expect(answer.body.meta!.errors).toEqual({ enabled: ['must be true or false'] });
    expect(calls).toEqual([]);
  });
});

describe.each(BOTH_SPELLINGS)('DELETE /v1/%s/:id', (spelling) => {
  it('answers the deleted webhook in the envelope', async () => {
    const answer = await request('DELETE', `/v1/${spelling}/12.json`);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'deleteWebhook', request: { store_id: 7, webhook_id: 12 } }]);
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0' } });
  });
});

describe('ids', () => {
  it.each([
    ['GET', '/v1/webhooks/abc'],
    ['GET', '/v1/webhoooks/0'],
    ['PUT', '/v1/webhooks/-1'],
    ['PUT', '/v1/webhoooks/1.5'],
    ['DELETE', '/v1/webhooks/1e3'],
    ['DELETE', '/v1/webhoooks/99999999999999999999'],
  ])('%s %s answers 404 without calling webhooks', async (method, path) => {
    const answer = await request(method, path);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: 'Webhook not found', meta: { code: 404, error_type: 'NotFound' } });
    expect(calls).toEqual([]);
  });

  it.each([
    ['GET', '/v1/webhoooks/12'],
    ['PUT', '/v1/webhooks/12'],
    ['DELETE', '/v1/webhoooks/12'],
  ])("%s %s answers 404 for another store's webhook", async (method, path) => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Webhook not found' });
    const answer = await request(method, path, JSON_TYPE, method === 'PUT' ? '{"enabled":true}' : undefined);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: 'Webhook not found',
      meta: { code: 404, api_version: '1.0', error_type: 'NotFound', error_message: 'Webhook not found', request_id: expect.any(String) },
    });
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
  const withToken = (grantId: string, method: string, path: string, body?: string) =>
    send(server.url, { method, path, headers: { ...bearer(grantId), ...(body ? JSON_TYPE : {}) }, body });

  it.each(['/v1/webhooks', '/v1/webhooks/12', '/v1/webhoooks/12'])('lets store_read read %s', async (path) => {
    expect((await withToken('read-only', 'GET', path)).status).toBe(200);
  });

  it.each([
    ['POST', '/v1/webhooks', '{"url":"https://example.com/hook","events":["order/paid"]}'],
    ['PUT', '/v1/webhooks/12', '{"enabled":true}'],
    ['PUT', '/v1/webhoooks/12', '{"enabled":true}'],
    ['DELETE', '/v1/webhooks/12', undefined],
    ['DELETE', '/v1/webhoooks/12', undefined],
  ])('needs store_write for %s %s', async (method, path, body) => {
    const refused = await withToken('read-only', method, path, body);
    expect(refused.status).toBe(403);
    expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(calls).toEqual([]);
    expect((await withToken('read-write', method, path, body)).status).toBe(200);
  });
});
