// The page template routes (docs/templates.md#routes, docs/templates.md#the-record) through the whole app, on a storefront backend written
// for the test.
import jwt from 'jsonwebtoken';
import { storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../app.fixture';
import type { BackendClients } from '../../clients';
import { startTestServer, type TestServer } from '../../http/test-server';

const TIME_ZONE = 'America/New_York';
const CREATED = new Date('2026-03-01T15:00:00Z');
const UPDATED = new Date('2026-03-02T16:30:00Z');

const aTemplate = (overrides: Partial<storefront.Template> = {}): storefront.Template =>
  storefront.Template.fromPartial({
    id: 12,
    name: 'About',
    permalink: 'about',
    content: '<p>{{ store.name }}</p>',
    kind: 'custom',
    created_at: CREATED,
    updated_at: UPDATED,
    ...overrides,
  });

/** The template as the API renders it (docs/templates.md#the-record), in the store's zone. */
const RENDERED = {
  id: 12,
  name: 'About',
  permalink: 'about',
  content: '<p>{{ store.name }}</p>',
  kind: 'custom',
  created_at: '2026-03-01T10:00:00-05:00',
  updated_at: '2026-03-02T11:30:00-05:00',
};

/** Every TemplateService call the gateway made, with its request. */
const calls: Array<{ method: string; request: Record<string, unknown> }> = [];
let failure: RemoteError | undefined;

function answering<Req, Res>(method: string, answer: (request: Req) => Res) {
  return async (request: Req) => {
    calls.push({ method, request: request as Record<string, unknown> });
    if (failure) throw failure;
    return answer(request);
  };
}

const templatesBackend = {
  listTemplates: answering('listTemplates', () => ({
    templates: [aTemplate({ id: 1, kind: 'home', name: 'Home', permalink: 'home' }), aTemplate()],
    time_zone: TIME_ZONE,
  })),
  createTemplate: answering('createTemplate', () => ({ template: aTemplate(), time_zone: TIME_ZONE })),
  updateTemplate: answering('updateTemplate', (request: storefront.UpdateTemplateRequest) => ({
    template: aTemplate({ id: request.template_id }),
    time_zone: TIME_ZONE,
  })),
  deleteTemplate: answering('deleteTemplate', (request: storefront.DeleteTemplateRequest) => ({
    template: aTemplate({ id: request.template_id }),
    time_zone: TIME_ZONE,
  })),
  previewTemplate: answering('previewTemplate', (request: storefront.PreviewTemplateRequest) => ({
    html: `<main>${request.content ?? 'saved'}</main>`,
    path: '/pages/about',
  })),
};
const clients = { templates: templatesBackend } as unknown as BackendClients;

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
const CONTENT = '<h1>{{ store.name }}</h1>\n{% if x %}a{% endif %}';

const request = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Received> =>
  send(server.url, { method, path, headers: { ...KEY, ...headers }, body });
const requestOf = (method: string) => calls.find((call) => call.method === method)?.request;

describe('GET /v1/store/templates', () => {
  it.each(['', '.json', '/'])('answers data.templates with flat records in the envelope (suffix %p)', async (suffix) => {
    const answer = await request('GET', `/v1/store/templates${suffix}`);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'listTemplates', request: { store_id: 7 } }]);
    expect(answer.body).toEqual({
      data: { templates: [{ ...RENDERED, id: 1, kind: 'home', name: 'Home', permalink: 'home' }, RENDERED] },
      meta: { code: 200, api_version: '1.0' },
    });
  });
});

describe('POST /v1/store/templates', () => {
  it.each([
    ['JSON', JSON_TYPE, JSON.stringify({ name: 'About', permalink: 'about', content: CONTENT }), ''],
    ['a form', FORM_TYPE, `name=About&permalink=about&content=${encodeURIComponent(CONTENT)}`, ''],
    ['a form with no Content-Type', {}, `name=About&permalink=about&content=${encodeURIComponent(CONTENT)}`, ''],
    ['the query string alone', {}, undefined, `?name=About&permalink=about&content=${encodeURIComponent(CONTENT)}`],
  ])('reads name, permalink and content from %s, content exactly as sent', async (_style, headers, body, query) => {
    const answer = await request('POST', `/v1/store/templates.json${query}`, headers, body);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'createTemplate', request: { store_id: 7, name: 'About', permalink: 'about', content: CONTENT } }]);
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0' } });
  });

  it('sends content that looks like JSON as the text it is, in a form as in JSON', async () => {
    const text = '{"a": [1, 2]}';
    await request('POST', '/v1/store/templates', FORM_TYPE, `name=J&content=${encodeURIComponent(text)}`);
    expect(requestOf('createTemplate')).toMatchObject({ content: text });
  });

  it('sends what is absent as empty, for the service to judge', async () => {
    await request('POST', '/v1/store/templates', JSON_TYPE, '{"name":"Only a name","content":null}');
    expect(requestOf('createTemplate')).toEqual({ store_id: 7, name: 'Only a name', permalink: '', content: '' });
  });

  it('answers 422 for a field of the wrong shape without calling the service', async () => {
    const answer = await request('POST', '/v1/store/templates', JSON_TYPE, '{"name":{"a":1},"content":["x"]}');
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.meta!.errors as object).sort()).toEqual(['content', 'name']);
    expect(calls).toEqual([]);
  });

  it("answers the service's Liquid refusal as 422 naming the line", async () => {
    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { content: ['has a Liquid syntax error on line 2: tag {% if x %} not closed'] },
    });
    const answer = await request('POST', '/v1/store/templates', JSON_TYPE, '{"name":"Bad","content":"a\\n{% if x %}"}');
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({
      error_type: 'ValidationError',
      errors: { content: ['has a Liquid syntax error on line 2: tag {% if x %} not closed'] },
    });
  });
});

describe('PUT /v1/store/templates/:id', () => {
  it('sends only the fields given', async () => {
    const answer = await request('PUT', '/v1/store/templates/12.json', JSON_TYPE, '{"content":"new","kind":"home","id":99}');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      { method: 'updateTemplate', request: { store_id: 7, template_id: 12, name: undefined, permalink: undefined, content: 'new' } },
    ]);
    // `kind` and `id` are not inputs of an update: taken, ignored, and named.
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0', ignored_params: ['kind', 'id'] } });
  });

  it.each([
    ['a form', FORM_TYPE, 'name=Renamed&content=', ''],
    ['a form with no Content-Type', {}, 'name=Renamed&content=', ''],
    ['the query string alone', {}, undefined, '?name=Renamed&content='],
  ])('reads the fields from %s; an empty content is a change to empty', async (_style, headers, body, query) => {
    await request('PUT', `/v1/store/templates/12${query}`, headers, body);
    expect(requestOf('updateTemplate')).toEqual({ store_id: 7, template_id: 12, name: 'Renamed', permalink: undefined, content: '' });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('answers 404 for the id %p without calling the service', async (id) => {
    const answer = await request('PUT', `/v1/store/templates/${id}`, JSON_TYPE, '{"name":"x"}');
    expect(answer.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it("answers 404 for another store's template", async () => {
    failure = new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'Template not found' });
    const answer = await request('PUT', '/v1/store/templates/12', JSON_TYPE, '{"name":"x"}');
    expect(answer.status).toBe(404);
    expect(answer.body.meta).toMatchObject({ code: 404, error_type: 'NotFound' });
  });
});

describe('DELETE /v1/store/templates/:id', () => {
  it('deletes the template and answers it as it was', async () => {
    const answer = await request('DELETE', '/v1/store/templates/12.json');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ method: 'deleteTemplate', request: { store_id: 7, template_id: 12 } }]);
    expect(answer.body).toEqual({ data: RENDERED, meta: { code: 200, api_version: '1.0' } });
  });

  it('answers 404 for an id that is no id, without calling the service', async () => {
    expect((await request('DELETE', '/v1/store/templates/abc')).status).toBe(404);
    expect(calls).toEqual([]);
  });

  it("answers the service's refusal to delete a default as 409 with its message", async () => {
    failure = new RemoteError({
      code: GrpcStatus.FAILED_PRECONDITION,
      message: "The Home template is one of the store's six defaults and can't be deleted",
    });
    const answer = await request('DELETE', '/v1/store/templates/1');
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe("The Home template is one of the store's six defaults and can't be deleted");
  });
});

describe('POST /v1/store/templates/:id/preview', () => {
  it('sends the unsaved markup, and answers {preview: {html, path}}', async () => {
    const body = JSON.stringify({ content: CONTENT, css: 'body{color:red}', use_default_layout: 'false' });
    const answer = await request('POST', '/v1/store/templates/12/preview.json', JSON_TYPE, body);

    expect(answer.status).toBe(200);
    expect(calls).toEqual([
      {
        method: 'previewTemplate',
        request: { store_id: 7, template_id: 12, content: CONTENT, css: 'body{color:red}', layout: undefined, use_default_layout: false },
      },
    ]);
    expect(answer.body).toEqual({
      data: { preview: { html: `<main>${CONTENT}</main>`, path: '/pages/about' } },
      meta: { code: 200, api_version: '1.0' },
    });
  });

  it('previews the saved markup when nothing is sent', async () => {
    expect((await request('POST', '/v1/store/templates/12/preview')).status).toBe(200);
    expect(requestOf('previewTemplate')).toEqual({
      store_id: 7,
      template_id: 12,
      content: undefined,
      css: undefined,
      layout: undefined,
      use_default_layout: undefined,
    });
  });

  it("answers 422 for markup that is not text without calling the service, and the service's refusal beside its field", async () => {
    const shape = await request('POST', '/v1/store/templates/12/preview', JSON_TYPE, '{"layout":["x"]}');
    expect(shape.status).toBe(422);
    expect(Object.keys(shape.body.meta!.errors as object)).toEqual(['layout']);
    expect(calls).toEqual([]);

    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { content: ['has a Liquid syntax error on line 1: output "{{ x" not closed'] },
    });
    const refused = await request('POST', '/v1/store/templates/12/preview', JSON_TYPE, '{"content":"{{ x"}');
    expect(refused.status).toBe(422);
    expect(refused.body.meta).toMatchObject({ errors: { content: ['has a Liquid syntax error on line 1: output "{{ x" not closed'] } });
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

  it('lets store_read list and preview', async () => {
    expect((await withToken('read-only', 'GET', '/v1/store/templates')).status).toBe(200);
    expect((await withToken('read-only', 'POST', '/v1/store/templates/12/preview', '{"content":"x"}')).status).toBe(200);
  });

  it.each([
    ['POST', '/v1/store/templates', '{"name":"About"}'],
    ['PUT', '/v1/store/templates/12', '{"name":"About"}'],
    ['DELETE', '/v1/store/templates/12', undefined],
  ])('needs store_write for %s %s', async (method, path, body) => {
    const refused = await withToken('read-only', method, path, body);
    expect(refused.status).toBe(403);
    expect(refused.body.meta).toMatchObject({ code: 403, error_type: 'InsufficientScope' });
    expect(calls).toEqual([]);
    expect((await withToken('read-write', method, path, body)).status).toBe(200);
  });
});
