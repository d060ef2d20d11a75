import express from 'express';
import { ok } from './envelope';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  const app = express();
  app.get('/store', (_req, res) => ok(res, { id: 1, name: 'Shop' }));
  app.get('/orders', (_req, res) =>
    ok(res, { orders: [] }, { pagination: { total: 0, offset: 0, total_pages: 0, next_url: '/v1/orders?page=2', current_max_id: null } }),
  );
  app.delete('/products/1', (_req, res) => ok(res, {}));
  server = await startTestServer(app);
});
afterAll(() => server.close());

describe('ok', () => {
  it('wraps data in the envelope with meta.code 200', async () => {
    const res = await fetch(`${server.url}/store`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe('{"data":{"id":1,"name":"Shop"},"meta":{"code":200,"api_version":"1.0"}}');
  });

  it('puts extra members such as pagination beside data', async () => {
    const body = await (await fetch(`${server.url}/orders`)).json();
    expect(body).toEqual({
      data: { orders: [] },
      meta: { code: 200, api_version: '1.0' },
      pagination: { total: 0, offset: 0, total_pages: 0, next_url: '/v1/orders?page=2', current_max_id: null },
    });
  });

  it('gives a DELETE a JSON body too', async () => {
    const res = await fetch(`${server.url}/products/1`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: {}, meta: { code: 200, api_version: '1.0' } });
  });
});
