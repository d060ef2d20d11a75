// Lists that are not paged answer every record at once: a page size, or a later page, is refused rather than ignored.
import { aGatewayApp } from '../app.fixture';
import type { ApiKeyIdentityClient } from '../auth/authenticator';
import type { BackendClients } from '../clients';
import { pageSizeOf } from './page-params';
import { startTestServer, type TestServer } from './test-server';

/** Every backend call answers an empty list of every kind, which is all these routes need. */
const EMPTY_LISTS = {
  webhooks: [],
  templates: [],
  shipping_groups: [],
  shipping_classes: [],
  products: [],
  variants: [],
  time_zone: 'UTC',
  store_context: { time_zone: 'UTC', subdomain: 'shop', url: 'https://shop.example.com' },
};
const reached: string[] = [];
const clients = new Proxy(
  {},
  {
    get: (_target, service) =>
      new Proxy(
        {},
        {
          get: (_client, method) => async () => {
            reached.push(`${String(service)}.${String(method)}`);
            return EMPTY_LISTS;
          },
        },
      ),
  },
) as unknown as BackendClients;
const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async () => ({ store_id: 7, key_id: 'key-7' }),
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};

const UNPAGED_LISTS = [
  '/v1/webhooks',
  '/v1/store/templates',
  '/v1/shipping_groups',
  '/v1/shipping_classes',
  '/v1/orders/31/products',
  '/v1/orders/31/variants',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity));
});
afterAll(() => server.close());

async function get(path: string) {
  reached.length = 0;
  const res = await fetch(`${server.url}${path}`, { headers: { 'API-KEY': 'sck_test' } });
  return {
    status: res.status,
    body: (await res.json()) as { data?: unknown; pagination?: unknown; meta: Record<string, unknown> },
    reached: [...reached],
  };
}

describe.each(UNPAGED_LISTS)('GET %s, a list that is not paged', (path) => {
  it('answers every record at once, with no pagination, for no page or page 1', async () => {
    for (const query of ['', '?page=1', '?page=']) {
      const answer = await get(`${path}.json${query}`);
      expect(answer.status).toBe(200);
      expect(answer.body.pagination).toBeUndefined();
      expect(answer.body.meta).toEqual({ code: 200, api_version: '1.0' });
    }
  });

  it('refuses a page size or a later page with a 422 naming it, before any backend call', async () => {
    const answer = await get(`${path}?per_page=2&limit=2&page=2`);
    expect(answer.status).toBe(422);
    expect(answer.body.meta).toMatchObject({
      error_type: 'ValidationError',
      errors: {
        limit: ['is not taken: this list is not paged, every record is in its one answer'],
        per_page: ['is not taken: this list is not paged, every record is in its one answer'],
        page: ['must be 1: this list is not paged, every record is on page 1'],
      },
    });
    expect(answer.reached).toEqual([]);
  });
});

describe('pageSizeOf', () => {
  it('takes limit over per_page and passes it as sent (the service defaults and clamps it), within an int32', () => {
    expect(pageSizeOf({ limit: 9, per_page: 7 })).toBe(9);
    expect(pageSizeOf({ per_page: 7 })).toBe(7);
    expect(pageSizeOf({})).toBeUndefined();
    expect(pageSizeOf({ per_page: 0 })).toBe(0);
    expect(pageSizeOf({ limit: 10_000 })).toBe(10_000);
    expect(pageSizeOf({ limit: 1e12 })).toBe(2_147_483_647);
    expect(pageSizeOf({ limit: -1e12 })).toBe(-2_147_483_648);
  });
});
