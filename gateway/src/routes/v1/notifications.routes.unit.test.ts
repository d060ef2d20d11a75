// The e-mail template routes and the message log (docs/notifications.md#templates, docs/notifications.md#the-message-log)
// through the whole app, on a NotificationsService (and the storefront's GetStore, for the zone) written for the test.
import jwt from 'jsonwebtoken';
import { notifications } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../app.fixture';
import type { BackendClients } from '../../clients';
import { startTestServer, type TestServer } from '../../http/test-server';

const TIME_ZONE = 'America/New_York';
const AT = new Date('2026-03-01T15:00:00Z');
const LATER = new Date('2026-03-01T15:00:05Z');
const KINDS = ['order_confirmation', 'shipping_confirmation', 'refund_notice', 'cancellation_notice', 'new_order_alert'];

const aTemplate = (overrides: Partial<notifications.EmailTemplate> = {}): notifications.EmailTemplate =>
  notifications.EmailTemplate.fromPartial({
    id: 'order_confirmation',
    name: 'Order confirmation',
    recipient: 'buyer',
    subject: 'Your {{ store.name }} order #{{ order.id }}',
    body: '<p>Thanks, {{ order.address.name }}!</p>',
    customized: true,
    updated_at: AT,
    ...overrides,
  });

/** The template as the API renders it, in the store's zone. */
const RENDERED_TEMPLATE = {
  id: 'order_confirmation',
  name: 'Order confirmation',
  recipient: 'buyer',
  subject: 'Your {{ store.name }} order #{{ order.id }}',
  body: '<p>Thanks, {{ order.address.name }}!</p>',
  customized: true,
  updated_at: '2026-03-01T10:00:00-05:00',
};

const aMessage = (id: number, overrides: Partial<notifications.Message> = {}): notifications.Message =>
  notifications.Message.fromPartial({
    id,
    store_id: 7,
    kind: 'order_confirmation',
    event_id: `evt-${id}`,
    order_id: 31,
    message_id: `<evt-${id}.order_confirmation@shops.localhost>`,
    to: 'ann@example.com',
    subject: 'Your Tea House order #31',
    status: 'pending',
    attempt_count: 1,
    attempts: [{ attempted_at: AT, outcome: 'retry', answer: '451 4.7.1 greylisted', duration_ms: 40 }],
    last_error: '451 4.7.1 greylisted',
    next_attempt_at: LATER,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  });

/** Message `id` as the log renders it. */
const renderedMessage = (id: number) => ({
  id,
  kind: 'order_confirmation',
  order_id: 31,
  to: 'ann@example.com',
  subject: 'Your Tea House order #31',
  status: 'pending',
  attempt_count: 1,
  attempts: [{ attempted_at: '2026-03-01T10:00:00-05:00', outcome: 'retry', answer: '451 4.7.1 greylisted', duration_ms: 40 }],
  last_error: '451 4.7.1 greylisted',
  next_attempt_at: '2026-03-01T10:00:05-05:00',
  sent_at: null,
  created_at: '2026-03-01T10:00:00-05:00',
  updated_at: '2026-03-01T10:00:00-05:00',
  message_id: `<evt-${id}.order_confirmation@shops.localhost>`,
});

/** Every backend call the gateway made, with its request. */
const calls: Array<{ method: string; request: Record<string, unknown> }> = [];
let failure: RemoteError | undefined;
/** The store's messages, newest first, as the service keeps them. */
let kept: notifications.Message[] = [];

function answering<Req, Res>(method: string, answer: (request: Req) => Res) {
  return async (request: Req) => {
    calls.push({ method, request: request as Record<string, unknown> });
    if (failure) throw failure;
    return answer(request);
  };
}

/** The page size the service applies (services/notifications/src/domain/paging.ts): 50 unless asked, at most 250. */
const appliedLimit = (requested?: number) => (requested === undefined ? 50 : Math.min(250, Math.max(1, requested)));

const notificationsBackend = {
  listEmailTemplates: answering('listEmailTemplates', () => ({
    email_templates: KINDS.map((kind) => aTemplate({ id: kind, customized: kind === 'order_confirmation', updated_at: undefined })),
    time_zone: TIME_ZONE,
  })),
  getEmailTemplate: answering('getEmailTemplate', (request: notifications.GetEmailTemplateRequest) => ({
    email_template: aTemplate({ id: request.template_id }),
    time_zone: TIME_ZONE,
  })),
  updateEmailTemplate: answering('updateEmailTemplate', (request: notifications.UpdateEmailTemplateRequest) => ({
    email_template: aTemplate({ id: request.template_id, subject: request.subject ?? 'Saved subject' }),
    time_zone: TIME_ZONE,
  })),
  previewEmailTemplate: answering('previewEmailTemplate', (request: notifications.PreviewEmailTemplateRequest) => ({
    subject: `Rendered: ${request.subject ?? 'saved subject'}`,
    html: '<p>Thanks, Ann!</p>',
    text: 'Thanks, Ann!',
  })),
  listMessages: answering('listMessages', (request: notifications.ListMessagesRequest) => {
    const older = kept.filter((message) => request.older_than_id === 0 || message.id < request.older_than_id);
    const limit = appliedLimit(request.limit);
    return { messages: older.slice(0, limit), has_more: older.length > limit, limit, time_zone: TIME_ZONE };
  }),
  getMessage: answering('getMessage', (request: notifications.GetMessageRequest) => ({
    message: aMessage(request.message_id, {
      html: '<p>Thanks</p>',
      text: 'Thanks',
      from: '"Tea House" <orders@shops.localhost>',
      reply_to: 'shop@example.com',
    }),
    time_zone: TIME_ZONE,
  })),
};
const clients = { notifications: notificationsBackend } as unknown as BackendClients;

const identity = storeSevenIdentity;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity, { publicUrl: 'https://api.example.com' }));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  failure = undefined;
  kept = [aMessage(12), aMessage(11), aMessage(10)];
});

const KEY = { 'API-KEY': 'sk_live_7' };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };
const META = { code: 200, api_version: '1.0' };
const BODY = '<h1>{{ store.name }}</h1>\n{% for line in order.items %}{{ line.item.product_name }}{% endfor %}';

const request = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Received> =>
  send(server.url, { method, path, headers: { ...KEY, ...headers }, body });
const requestOf = (method: string) => calls.find((call) => call.method === method)?.request;

describe('GET /v1/store/email_templates', () => {
  it.each(['', '.json', '/'])("answers the five templates with times in the store's zone (suffix %p)", async (suffix) => {
    const answer = await request('GET', `/v1/store/email_templates${suffix}`);

    expect(answer.status).toBe(200);
    expect(requestOf('listEmailTemplates')).toEqual({ store_id: 7 });
    expect(answer.body).toEqual({
      data: {
        email_templates: KINDS.map((kind) => ({
          ...RENDERED_TEMPLATE,
          id: kind,
          customized: kind === 'order_confirmation',
          updated_at: null,
        })),
      },
      meta: META,
    });
  });

  it('answers 422 for a page size: the list is not paged', async () => {
    const answer = await request('GET', '/v1/store/email_templates?limit=2');
    expect(answer.status).toBe(422);
    expect(calls).toEqual([]);
  });
});

describe('GET /v1/store/email_templates/:id', () => {
  it("answers {email_template} with its change time in the store's zone", async () => {
    const answer = await request('GET', '/v1/store/email_templates/order_confirmation.json');

    expect(answer.status).toBe(200);
    expect(requestOf('getEmailTemplate')).toEqual({ store_id: 7, template_id: 'order_confirmation' });
    expect(answer.body).toEqual({ data: { email_template: RENDERED_TEMPLATE }, meta: META });
  });

  it('passes a well-formed id the service does not know on, and answers its 404', async () => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'email template not found' });
    const answer = await request('GET', '/v1/store/email_templates/welcome_note');
    expect(requestOf('getEmailTemplate')).toEqual({ store_id: 7, template_id: 'welcome_note' });
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
  });

  it.each(['Order_Confirmation', '12', 'order-confirmation', 'a'.repeat(65), '%20'])(
    'answers 404 for the id %p without calling the service',
    async (id) => {
      const answer = await request('GET', `/v1/store/email_templates/${id}`);
      expect(answer.status).toBe(404);
      expect(calls).toEqual([]);
    },
  );
});

describe('PUT /v1/store/email_templates/:id', () => {
  it.each([
    ['JSON', JSON_TYPE, JSON.stringify({ subject: 'Order #{{ order.id }}', body: BODY }), ''],
    [
      'JSON wrapped as the answer renders it',
      JSON_TYPE,
      JSON.stringify({ email_template: { subject: 'Order #{{ order.id }}', body: BODY } }),
      '',
    ],
    ['a form', FORM_TYPE, `subject=${encodeURIComponent('Order #{{ order.id }}')}&body=${encodeURIComponent(BODY)}`, ''],
    ['a form with no Content-Type', {}, `subject=${encodeURIComponent('Order #{{ order.id }}')}&body=${encodeURIComponent(BODY)}`, ''],
    ['the query string alone', {}, undefined, `?subject=${encodeURIComponent('Order #{{ order.id }}')}&body=${encodeURIComponent(BODY)}`],
  ])('reads subject and body from %s, exactly as sent', async (_style, headers, body, query) => {
    const answer = await request('PUT', `/v1/store/email_templates/order_confirmation.json${query}`, headers, body);

    expect(answer.status).toBe(200);
    expect(requestOf('updateEmailTemplate')).toEqual({
      store_id: 7,
      template_id: 'order_confirmation',
      subject: 'Order #{{ order.id }}',
      body: BODY,
      reset: false,
    });
    expect(answer.body).toEqual({ data: { email_template: { ...RENDERED_TEMPLATE, subject: 'Order #{{ order.id }}' } }, meta: META });
  });

  it('sends only the field given, and names what it ignored', async () => {
    const answer = await request(
      'PUT',
      '/v1/store/email_templates/refund_notice',
      JSON_TYPE,
      '{"body":"<p>x</p>","subject":null,"id":"x"}',
    );
    expect(requestOf('updateEmailTemplate')).toEqual({
      store_id: 7,
      template_id: 'refund_notice',
      subject: undefined,
      body: '<p>x</p>',
      reset: false,
    });
    expect(answer.body.meta).toEqual({ ...META, ignored_params: ['id'] });
  });

  it.each([
    ['true', 'reset=true', true],
    ['1', 'reset=1', true],
    ['0', 'reset=0', false],
    ['empty', 'reset=', false],
  ])('reads reset %s as a loose boolean', async (_name, form, reset) => {
    await request('PUT', '/v1/store/email_templates/refund_notice', FORM_TYPE, form);
    expect(requestOf('updateEmailTemplate')).toMatchObject({ reset });
  });

  it('answers 422 naming each field too long or of the wrong shape, without calling the service', async () => {
    const body = JSON.stringify({ subject: 's'.repeat(1_001), body: 'b'.repeat(100_001), reset: 'maybe' });
    const answer = await request('PUT', '/v1/store/email_templates/order_confirmation', JSON_TYPE, body);

    expect(answer.status).toBe(422);
    expect(answer.body.meta!.errors).toEqual({
      subject: ['is too long (maximum is 1000 characters)'],
      body: ['is too long (maximum is 100000 characters)'],
      reset: ['must be true or false'],
    });
    expect(answer.body.error!.length).toBeLessThan(1_100);
    expect(calls).toEqual([]);
  });

  it('takes a subject and a body at their longest', async () => {
    const body = JSON.stringify({ subject: 's'.repeat(1_000), body: 'b'.repeat(100_000) });
    expect((await request('PUT', '/v1/store/email_templates/order_confirmation', JSON_TYPE, body)).status).toBe(200);
  });

  it("answers the service's Liquid refusal as 422 on the field", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { body: ['has a Liquid syntax error on line 2: tag {% for %} not closed'] },
    });
    const answer = await request('PUT', '/v1/store/email_templates/order_confirmation', JSON_TYPE, '{"body":"a\\n{% for x in y %}"}');
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({
      error_type: 'ValidationError',
      errors: { body: ['has a Liquid syntax error on line 2: tag {% for %} not closed'] },
    });
  });

  it('answers 404 for an id of the wrong shape before reading the fields', async () => {
    const answer = await request('PUT', '/v1/store/email_templates/Nope!', JSON_TYPE, JSON.stringify({ subject: 's'.repeat(2_000) }));
    expect(answer.status).toBe(404);
    expect(calls).toEqual([]);
  });
});

describe('POST /v1/store/email_templates/:id/preview', () => {
  it('renders the unsaved markup sent, and answers {preview}', async () => {
    const answer = await request(
      'POST',
      '/v1/store/email_templates/order_confirmation/preview.json',
      JSON_TYPE,
      '{"subject":"Hi {{ x }}"}',
    );

    expect(answer.status).toBe(200);
    expect(requestOf('previewEmailTemplate')).toEqual({
      store_id: 7,
      template_id: 'order_confirmation',
      subject: 'Hi {{ x }}',
      body: undefined,
    });
    expect(answer.body).toEqual({
      data: { preview: { subject: 'Rendered: Hi {{ x }}', html: '<p>Thanks, Ann!</p>', text: 'Thanks, Ann!' } },
      meta: META,
    });
  });

  it('renders the saved template when nothing is sent', async () => {
    const answer = await request('POST', '/v1/store/email_templates/new_order_alert/preview');
    expect(answer.status).toBe(200);
    expect(requestOf('previewEmailTemplate')).toEqual({ store_id: 7, template_id: 'new_order_alert', subject: undefined, body: undefined });
  });

  it('answers 422 for a body that is not text, without calling the service', async () => {
    const answer = await request(
      'POST',
      '/v1/store/email_templates/order_confirmation/preview',
      JSON_TYPE,
      JSON.stringify({ body: ['x'] }),
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.meta!.errors as object)).toEqual(['body']);
    expect(calls).toEqual([]);
  });
});

describe('GET /v1/notifications', () => {
  it('answers data.notifications newest first, a next_url carrying older_than_id, and a Link', async () => {
    const answer = await request('GET', '/v1/notifications.json?limit=2');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'listMessages', request: { store_id: 7, limit: 2, older_than_id: 0, order_id: 0, status: '' } }]);
    const nextUrl = 'https://api.example.com/v1/notifications.json?limit=2&older_than_id=11';
    expect(answer.body).toEqual({
      data: { notifications: [renderedMessage(12), renderedMessage(11)] },
      pagination: { limit: 2, next_url: nextUrl },
      meta: META,
    });
    expect(answer.headers.link).toBe(`<${nextUrl}>; rel="next"`);
  });

  it('answers no next_url on the last page, so no empty page follows it', async () => {
    const last = await request('GET', '/v1/notifications.json?limit=2&older_than_id=11');
    expect(last.body.data).toEqual({ notifications: [renderedMessage(10)] });
    expect(last.body.pagination).toEqual({ limit: 2, next_url: null });
    expect(last.headers.link).toBeUndefined();
    const whole = await request('GET', '/v1/notifications.json?limit=3');
    expect(whole.body.pagination).toEqual({ limit: 3, next_url: null });
  });

  it.each([
    ['limit=900', 250],
    ['per_page=20', 20],
    ['limit=0', 1],
    ['', 50],
  ])('clamps the page size (%p serves %p)', async (query, limit) => {
    const answer = await request('GET', `/v1/notifications?${query}`);
    expect(answer.body.pagination).toMatchObject({ limit });
  });

  it("follows the service's has_more: a full last page of 250 has no next one", async () => {
    kept = Array.from({ length: 250 }, (_, index) => aMessage(1_000 - index));
    const answer = await request('GET', '/v1/notifications?limit=250');
    expect((answer.body.data as { notifications: unknown[] }).notifications).toHaveLength(250);
    expect(answer.body.pagination).toEqual({ limit: 250, next_url: null });
    kept.push(aMessage(1));
    const more = await request('GET', '/v1/notifications?limit=250');
    expect(more.body.pagination).toEqual({ limit: 250, next_url: 'https://api.example.com/v1/notifications?limit=250&older_than_id=751' });
  });

  it('passes the order_id and status filters on', async () => {
    await request('GET', '/v1/notifications?order_id=31&status=failed');
    expect(requestOf('listMessages')).toEqual({ store_id: 7, limit: undefined, older_than_id: 0, order_id: 31, status: 'failed' });
  });

  it('answers 422 naming each filter of the wrong shape, without calling the service', async () => {
    const answer = await request('GET', '/v1/notifications?status=bounced&order_id=abc&older_than_id=-1&limit=x');
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.meta!.errors as object).sort()).toEqual(['limit', 'older_than_id', 'order_id', 'status']);
    expect(answer.body.meta!.errors).toMatchObject({ status: ['must be one of pending, sent, failed, kept'] });
    expect(calls).toEqual([]);
  });
});

describe('GET /v1/notifications/:id', () => {
  it('answers {notification} with its content and headers', async () => {
    const answer = await request('GET', '/v1/notifications/12.json');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'getMessage', request: { store_id: 7, message_id: 12 } }]);
    expect(answer.body).toEqual({
      data: {
        notification: {
          ...renderedMessage(12),
          html: '<p>Thanks</p>',
          text: 'Thanks',
          from: '"Tea House" <orders@shops.localhost>',
          reply_to: 'shop@example.com',
        },
      },
      meta: META,
    });
  });

  it("answers 404 for another store's message, as the service does", async () => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'notification not found' });
    const answer = await request('GET', '/v1/notifications/99');
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 404 for the id %p without calling the service', async (id) => {
    expect((await request('GET', `/v1/notifications/${id}`)).status).toBe(404);
    expect(calls).toEqual([]);
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

  it.each([
    ['GET', '/v1/store/email_templates', undefined],
    ['GET', '/v1/store/email_templates/order_confirmation', undefined],
    ['POST', '/v1/store/email_templates/order_confirmation/preview', '{"subject":"Hi"}'],
    ['GET', '/v1/notifications', undefined],
    ['GET', '/v1/notifications/12', undefined],
  ])('lets store_read %s %s', async (method, path, body) => {
    expect((await withToken('read-only', method, path, body)).status).toBe(200);
  });

  it('needs store_write to update a template', async () => {
    const path = '/v1/store/email_templates/order_confirmation';
    const refused = await withToken('read-only', 'PUT', path, '{"subject":"Hi"}');
    expect(refused.status).toBe(403);
    expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(calls).toEqual([]);
    expect((await withToken('read-write', 'PUT', path, '{"subject":"Hi"}')).status).toBe(200);
  });
});
