import express from 'express';
import { normalizeApiPath, normalizeApiUrl, normalizePath } from './path';
import { startTestServer, type TestServer } from './test-server';

describe('normalizeApiPath', () => {
  it.each([
    ['/v1/store', '/v1/store'],
    ['/v1/store.json', '/v1/store'],
    ['/v1/store/', '/v1/store'],
    ['/v1/store.json/', '/v1/store'],
    ['/v1/orders/12.json', '/v1/orders/12'],
    ['/v1/orders/12/ship.json', '/v1/orders/12/ship'],
    ['/v1/store/templates/3.json/', '/v1/store/templates/3'],
    ['/v1/store.JSON', '/v1/store'],
    ['/v1/', '/v1/'],
  ])('%s → %s', (raw, normalized) => {
    expect(normalizeApiPath(raw)).toBe(normalized);
  });

  it('leaves paths outside /v1/ alone', () => {
    expect(normalizeApiPath('/oauth/token/')).toBe('/oauth/token/');
    expect(normalizeApiPath('/admin/settings.json')).toBe('/admin/settings.json');
  });

  it('strips only one suffix of each kind', () => {
    expect(normalizeApiPath('/v1/store//')).toBe('/v1/store/');
    expect(normalizeApiPath('/v1/store.json.json')).toBe('/v1/store.json');
  });

  it('keeps the query string of a full url untouched', () => {
    expect(normalizeApiUrl('/v1/orders.json?page=2&next=/v1/x.json/')).toBe('/v1/orders?page=2&next=/v1/x.json/');
    expect(normalizeApiUrl('/v1/store/?')).toBe('/v1/store?');
  });
});

describe('normalizePath middleware', () => {
  let server: TestServer;

  beforeAll(async () => {
    const app = express();
    app.use(normalizePath());
    app.get('/v1/orders/:id', (req, res) => {
      res.json({ id: req.params.id, query: req.query, originalUrl: req.originalUrl });
    });
    server = await startTestServer(app);
  });
  afterAll(() => server.close());

  it.each(['/v1/orders/12', '/v1/orders/12.json', '/v1/orders/12/', '/v1/orders/12.json/'])('routes %s to the one route', async (path) => {
    const res = await fetch(`${server.url}${path}?page=2`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: '12', query: { page: '2' }, originalUrl: `${path}?page=2` });
  });
});
