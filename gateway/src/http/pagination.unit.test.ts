import express, { type Request } from 'express';
import { cursorPageUrl, nextPageQuery, paginationOf, sendCursorPage, sendPage, type PageResult } from './pagination';
import { startTestServer } from './test-server';

/** The parts of a request pagination reads. */
function requestTo(target: string, host = 'api.example.test', protocol = 'http'): Request {
  return {
    originalUrl: target,
    url: target,
    protocol,
    get: (name: string) => (name.toLowerCase() === 'host' ? host : undefined),
  } as unknown as Request;
}

const result = (overrides: Partial<PageResult> = {}): PageResult => ({
  total: 45,
  page: 1,
  limit: 20,
  count: 20,
  currentMaxId: 97,
  ...overrides,
});

describe('paginationOf', () => {
  it('counts pages and offset from the applied page and limit', () => {
    expect(paginationOf(requestTo('/v1/products'), result())).toMatchObject({ total: 45, offset: 0, total_pages: 3, current_max_id: 97 });
    expect(paginationOf(requestTo('/v1/products?page=3'), result({ page: 3 }))).toMatchObject({ offset: 40, total_pages: 3 });
    expect(paginationOf(requestTo('/v1/products'), result({ total: 40 })).total_pages).toBe(2);
    expect(paginationOf(requestTo('/v1/products'), result({ total: 0, currentMaxId: 0 })).total_pages).toBe(0);
  });

  it('has a next_url on the same path while records are left after this page', () => {
    expect(paginationOf(requestTo('/v1/products.json'), result()).next_url).toBe(
      'http://api.example.test/v1/products.json?older_than_id=98&page=2',
    );
    expect(paginationOf(requestTo('/v1/products?page=2&older_than_id=98'), result({ page: 2 })).next_url).toBe(
      'http://api.example.test/v1/products?older_than_id=98&page=3',
    );
  });

  it('has none on the last page, a full one included, nor past it', () => {
    expect(paginationOf(requestTo('/v1/products?page=3'), result({ page: 3, count: 5 })).next_url).toBeNull();
    expect(paginationOf(requestTo('/v1/products?page=2'), result({ total: 40, page: 2, count: 20 })).next_url).toBeNull();
    expect(paginationOf(requestTo('/v1/products?page=9'), result({ page: 9, count: 0 })).next_url).toBeNull();
    expect(paginationOf(requestTo('/v1/products'), result({ total: 0, count: 0, currentMaxId: 0 })).next_url).toBeNull();
  });

  it('has none after a short page, even if the count says more (records deleted while the page was read)', () => {
    expect(paginationOf(requestTo('/v1/products'), result({ count: 19 })).next_url).toBeNull();
  });

  it('uses PUBLIC_URL over the request host when configured', () => {
    const pagination = paginationOf(requestTo('/v1/products'), result(), { publicUrl: 'https://shop-api.example.com/' });
    expect(pagination.next_url).toBe('https://shop-api.example.com/v1/products?older_than_id=98&page=2');
  });

  it('uses the request protocol and host otherwise', () => {
    expect(paginationOf(requestTo('/v1/products', 'localhost:8080', 'https'), result()).next_url).toMatch(
      /^https:\/\/localhost:8080\/v1\/products\?/,
    );
  });

  it('treats a page of 0 as the first page', () => {
    expect(paginationOf(requestTo('/v1/products'), result({ page: 0 }))).toMatchObject({ offset: 0 });
    expect(paginationOf(requestTo('/v1/products'), result({ page: 0 })).next_url).toMatch(/page=2$/);
  });
});

describe('nextPageQuery', () => {
  it('keeps the other filters in order and as encoded, and replaces page', () => {
    expect(nextPageQuery('status=coming%20soon&page=2&sort_direction=DESC', 3, 97)).toBe(
      '?status=coming%20soon&sort_direction=DESC&older_than_id=98&page=3',
    );
    expect(nextPageQuery('status=coming+soon&updated_at_min=1700000000', 2, 97)).toBe(
      '?status=coming+soon&updated_at_min=1700000000&older_than_id=98&page=2',
    );
  });

  it('never carries credentials, however they are spelled', () => {
    const query = nextPageQuery('api_key=sck_secret&access_token=tok&API_KEY=x&api%5Fkey=y&status=active', 2, 97);
    expect(query).toBe('?status=active&older_than_id=98&page=2');
    expect(query).not.toMatch(/sck_secret|tok|key/i);
  });

  it('pins older_than_id to the first page max id + 1 so inserts do not shift later pages', () => {
    expect(nextPageQuery('sort_direction=DESC', 2, 97)).toBe('?sort_direction=DESC&older_than_id=98&page=2');
  });

  it('keeps a bound the client already set, and replaces a blank one', () => {
    expect(nextPageQuery('older_than_id=50', 2, 49)).toBe('?older_than_id=50&page=2');
    expect(nextPageQuery('older_than_id=&page=1', 2, 97)).toBe('?older_than_id=98&page=2');
  });

  it('does not pin when nothing matched or the backend does not track the max id', () => {
    expect(nextPageQuery('', 2, 0)).toBe('?page=2');
    expect(nextPageQuery('limit=10', 2, null)).toBe('?limit=10&page=2');
  });

  it('keeps the newer_than_id / after_id lower bound as given', () => {
    expect(nextPageQuery('after_id=10', 2, 97)).toBe('?after_id=10&older_than_id=98&page=2');
  });

  it('drops every page spelling and empty pieces', () => {
    expect(nextPageQuery('page=1&&page[]=4&status=active&', 2, null)).toBe('?status=active&page=2');
  });
});

describe('sendPage', () => {
  it('sends no Link header and a null next_url on the last page', async () => {
    const app = express();
    app.get('/v1/products', (req, res) => sendPage(req, res, { products: [{ id: 1 }] }, result({ page: 3, count: 5 })));
    const server = await startTestServer(app);
    try {
      const response = await fetch(`${server.url}/v1/products?page=3`);
      const body = (await response.json()) as { pagination: Record<string, unknown> };
      expect(response.headers.get('link')).toBeNull();
      expect(body.pagination).toEqual({ total: 45, offset: 40, total_pages: 3, next_url: null, current_max_id: 97 });
    } finally {
      await server.close();
    }
  });

  it('answers data with pagination beside it and the Link header', async () => {
    const app = express();
    app.get('/v1/products', (req, res) => sendPage(req, res, { products: [{ id: 1 }] }, result()));
    const server = await startTestServer(app);
    try {
      const response = await fetch(`${server.url}/v1/products?api_key=sck_secret&status=active`);
      const body = (await response.json()) as Record<string, unknown>;
      const nextUrl = `${server.url}/v1/products?status=active&older_than_id=98&page=2`;
      expect(response.status).toBe(200);
      expect(response.headers.get('link')).toBe(`<${nextUrl}>; rel="next"`);
      expect(body).toEqual({
        data: { products: [{ id: 1 }] },
        meta: { code: 200, api_version: '1.0' },
        pagination: { total: 45, offset: 0, total_pages: 3, next_url: nextUrl, current_max_id: 97 },
      });
    } finally {
      await server.close();
    }
  });
});

describe('cursor pages', () => {
  it('set the cursor in the request URL, keeping the other parameters and dropping credentials', () => {
    const url = cursorPageUrl(requestTo('/v1/webhooks/3/deliveries.json?api_key=sck_x&limit=20&older_than_id=900'), 'older_than_id', 812);
    expect(url).toBe('http://api.example.test/v1/webhooks/3/deliveries.json?limit=20&older_than_id=812');
  });

  it.each([
    [true, '<http://HOST/v1/events?limit=2&since_id=e2>; rel="next"', 'http://HOST/v1/events?limit=2&since_id=e2'],
    [false, null, null],
  ])('answer next_url and Link only while the service has more (has more: %s)', async (hasMore, link, nextUrl) => {
    const app = express();
    app.get('/v1/events', (req, res) =>
      sendCursorPage(req, res, { events: [{ id: 'e1' }, { id: 'e2' }] }, { limit: 2, hasMore, cursor: { name: 'since_id', value: 'e2' } }),
    );
    const server = await startTestServer(app);
    try {
      const response = await fetch(`${server.url}/v1/events?limit=2`);
      const body = (await response.json()) as Record<string, unknown>;
      const host = new URL(server.url).host;
      expect(response.headers.get('link')).toBe(link?.replace('HOST', host) ?? null);
      expect(body.pagination).toEqual({ limit: 2, next_url: nextUrl?.replace('HOST', host) ?? null });
    } finally {
      await server.close();
    }
  });
});
