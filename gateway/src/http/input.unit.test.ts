import express from 'express';
import { errorMiddleware } from '../errors/error.middleware';
import { ok } from './envelope';
import { readParams, requestParams } from './input';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = 'req-1';
    next();
  });
  app.use(requestParams({ maxBodyBytes: 1024 * 1024 }));
  app.all('/echo', (req, res) => ok(res, readParams(req)));
  app.get('/unmounted', (req, res) => ok(res, readParams({} as typeof req)));
  app.use(errorMiddleware());
  server = await startTestServer(app);
});
afterAll(() => server.close());

async function send(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: { data?: unknown; error?: string; meta: Record<string, unknown> } }> {
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as { data?: unknown; error?: string; meta: Record<string, unknown> } };
}

const form = (body: string) => ({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/** fetch adds a Content-Type for string bodies but not for bytes: this is a body with no Content-Type. */
const untyped = (body: string) => ({ body: Buffer.from(body) });

describe('requestParams', () => {
  it('reads a JSON body', async () => {
    const { status, body } = await send('/echo', { method: 'POST', ...json({ name: 'Tee', price: 12.5, owner: { email: 'a@b.co' } }) });
    expect(status).toBe(200);
    expect(body.data).toEqual({ name: 'Tee', price: 12.5, owner: { email: 'a@b.co' } });
  });

  it('reads a JSON body with a charset and a +json type', async () => {
    const init = { method: 'PUT', headers: { 'Content-Type': 'application/vnd.api+json; charset=utf-8' }, body: '{"name":"Søk"}' };
    expect((await send('/echo', init)).body.data).toEqual({ name: 'Søk' });
  });

  it('reads a form body with bracket names and JSON text values', async () => {
    const text = `name=Tee&owner[email]=a%40b.co&items[]=1&items[]=2&rates=${encodeURIComponent('[{"shipping_class_id":1}]')}`;
    const { body } = await send('/echo', { method: 'POST', ...form(text) });
    expect(body.data).toEqual({ name: 'Tee', owner: { email: 'a@b.co' }, items: ['1', '2'], rates: [{ shipping_class_id: 1 }] });
  });

  it('reads a PUT body with no Content-Type as a form', async () => {
    const { body } = await send('/echo', { method: 'PUT', ...untyped('status=hidden&countries=%5B%22US%22%5D') });
    expect(body.data).toEqual({ status: 'hidden', countries: ['US'] });
  });

  it('reads a body with no Content-Type that starts with { as JSON', async () => {
    const { body } = await send('/echo', { method: 'POST', ...untyped(' {"name":"Tee","stock":3}') });
    expect(body.data).toEqual({ name: 'Tee', stock: 3 });
  });

  it('takes writes given only in the query string', async () => {
    const { body } = await send('/echo?name=Tee&owner[email]=a%40b.co&events=%5B%22order%2Fpaid%22%5D', { method: 'PUT' });
    expect(body.data).toEqual({ name: 'Tee', owner: { email: 'a@b.co' }, events: ['order/paid'] });
  });

  it('lets the body win over the query', async () => {
    const { body } = await send('/echo?name=query&page=2&owner[login]=q', {
      method: 'PUT',
      ...json({ name: 'body', owner: { email: 'b@x.co' } }),
    });
    expect(body.data).toEqual({ name: 'body', page: '2', owner: { login: 'q', email: 'b@x.co' } });
  });

  it('gives GET requests their query params', async () => {
    const { body } = await send('/echo?status=open&limit=10&older_than_id=99');
    expect(body.data).toEqual({ status: 'open', limit: '10', older_than_id: '99' });
  });

  it('treats an empty body as no params', async () => {
    const { body } = await send('/echo?a=1', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '' });
    expect(body.data).toEqual({ a: '1' });
  });

  it('answers invalid JSON with a 400 in the error shape', async () => {
    const { status, body } = await send('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name": ' });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'Request body is not valid JSON',
      meta: {
        code: 400,
        api_version: '1.0',
        error_type: 'BadRequest',
        error_message: 'Request body is not valid JSON',
        request_id: 'req-1',
      },
    });
  });

  it('answers a JSON body that is not an object with a 400', async () => {
    const { status, body } = await send('/echo', { method: 'POST', ...json(['a']) });
    expect(status).toBe(400);
    expect(body.error).toBe('Request body must be a JSON object');
  });

  it('answers a JSON body nested deeper than form names may be with a 400, before anything walks it (6,000 levels was a 500)', async () => {
    const deep = '{"a":'.repeat(6_000) + '1' + '}'.repeat(6_000);
    const { status, body } = await send('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: deep });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'The JSON body is nested too deeply (at most 8 levels below the top object)',
      meta: {
        code: 400,
        api_version: '1.0',
        error_type: 'BadRequest',
        error_message: 'The JSON body is nested too deeply (at most 8 levels below the top object)',
        request_id: 'req-1',
      },
    });
  });

  it('counts JSON levels as form names count brackets: 8 below the top object pass, 9 do not, lists included', async () => {
    // {"a":[{"b":[...]}]} is a[0][b][0]...: each object or list below the top one is a level.
    const levels = (depth: number) => '{"a":'.repeat(1) + '[{"a":'.repeat(depth / 2) + '1' + '}]'.repeat(depth / 2) + '}';
    expect((await send('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: levels(8) })).status).toBe(200);
    const nine = '{"a":' + '[{"a":'.repeat(4) + '[1]' + '}]'.repeat(4) + '}';
    expect((await send('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: nine })).status).toBe(400);
    expect((await send('/echo', { method: 'PUT', ...untyped('{"a":' + '{"a":'.repeat(9) + '1' + '}'.repeat(10)) })).status).toBe(400);
  });

  it('answers JSON text nested too deeply inside a form or query value with a 400', async () => {
    const deepList = encodeURIComponent('['.repeat(1_000) + ']'.repeat(1_000));
    expect((await send('/echo', { method: 'POST', ...form(`countries=${deepList}`) })).body.meta).toMatchObject({
      code: 400,
      error_type: 'BadRequest',
    });
    expect((await send(`/echo?countries=${deepList}`)).status).toBe(400);
    expect((await send(`/echo?countries=${encodeURIComponent('[[["US"]]]')}`)).body.data).toEqual({ countries: [[['US']]] });
  });

  it('answers a body over the limit with a 413 in the error shape', async () => {
    const { status, body } = await send('/echo', { method: 'POST', ...form(`a=${'x'.repeat(1024 * 1024)}`) });
    expect(status).toBe(413);
    expect(body).toEqual({
      error: 'Request body is larger than 1 MB',
      meta: {
        code: 413,
        api_version: '1.0',
        error_type: 'PayloadTooLarge',
        error_message: 'Request body is larger than 1 MB',
        request_id: 'req-1',
      },
    });
  });

  it('refuses multipart bodies with a 415', async () => {
    const data = new FormData();
    data.set('name', 'Tee');
    const { status, body } = await send('/echo', { method: 'POST', body: data });
    expect(status).toBe(415);
    expect(body.meta.error_type).toBe('UnsupportedMediaType');
  });

  it('fails loudly when a route reads params the middleware did not collect', async () => {
    const { status, body } = await send('/unmounted');
    expect(status).toBe(500);
    expect(body.error).toBe('Internal server error');
  });
});

describe('requestParams and prototype pollution', () => {
  const polluted = () => (Object.prototype as Record<string, unknown>).polluted;
  const BRACKETS = [
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    'owner[__proto__][polluted]=1',
    'owner[constructor][prototype][polluted]=1',
    'name=kept',
  ].join('&');
  const JSON_TEXT = `owner=${encodeURIComponent('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}')}&name=kept`;
  const JSON_BODY =
    '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"owner":{"__proto__":{"polluted":1}},"name":"kept"}';

  afterEach(() => expect(polluted()).toBeUndefined());

  it.each([
    ['bracket names in the query', `/echo?${BRACKETS}`, { method: 'PUT' }],
    ['bracket names in a form body', '/echo', { method: 'POST', ...form(BRACKETS) }],
    ['bracket names in a body with no Content-Type', '/echo', { method: 'PUT', ...untyped(BRACKETS) }],
    ['JSON text in a query value', `/echo?${JSON_TEXT}`, { method: 'PUT' }],
    ['JSON text in a form value', '/echo', { method: 'POST', ...form(JSON_TEXT) }],
    ['a JSON body', '/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON_BODY }],
    [
      'a JSON body merged over bracket names in the query',
      `/echo?${BRACKETS}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON_BODY },
    ],
  ])('handles %s without touching Object.prototype', async (_style, path, init: RequestInit) => {
    const { status, body } = await send(path, init);
    expect(status).toBe(200);
    expect((body.data as Record<string, unknown>).name).toBe('kept');
    expect(polluted()).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('drops prototype names from brackets, keeps them as plain keys in JSON', async () => {
    expect((await send(`/echo?${BRACKETS}`)).body.data).toEqual({ name: 'kept' });
    const fromJson = (await send('/echo', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON_BODY })).body
      .data as Record<string, unknown>;
    expect(Object.keys(fromJson)).toEqual(['__proto__', 'constructor', 'owner', 'name']);
  });
});
