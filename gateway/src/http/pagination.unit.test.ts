import express, { type Request } from 'express';
import { nextPageQuery, paginationOf, sendPage, type PageResult } from './pagination';
import { startTestServer } from './test-server';

/** The parts of a request pagination reads. */
function requestTo(target: string, host = 'api.example.test', protocol = 'http'): Request {
  return { originalUrl: target, url: target, protocol, get: (name: string) => (name.toLowerCase() === 'host' ? host : undefined) } as unknown as Request;
}

const result = (overrides: Partial<PageResult> = {}): PageResult => ({ total: 45, page: 1, limit: 20, currentMaxId: 97, ...overrides });

describe('paginationOf', () => {
  it('counts pages and offset from the applied page and limit', () => {
    expect(paginationOf(requestTo('/v1/products'), result())).toMatchObject({ total: 45, offset: 0, total_pages: 3, current_max_id: 97 });
    expect(paginationOf(requestTo('/v1/products?page=3'), result({ page: 3 }))).toMatchObject({ offset: 40, total_pages: 3 });
    expect(paginationOf(requestTo('/v1/products'), result({ total: 40 })).total_pages).toBe(2);
    expect(paginationOf(requestTo('/v1/products'), result({ total: 0, currentMaxId: 0 })).total_pages).toBe(0);
  });

  it('always has a next_url on the same path, even past the last page', () => {
    expect(paginationOf(requestTo('/v1/products.json'), result()).next_url).toBe('http://api.example.test/v1/products.json?older_than_id=98&page=2');
    expect(paginationOf(requestTo('/v1/products?page=9&older_than_id=98'), result({ page: 9 })).next_url).toBe('http://api.example.test/v1/products?older_than_id=98&page=10');
  });

  it('uses PUBLIC_URL over the request host when configured', () => {
    const pagination = paginationOf(requestTo('/v1/products'), result(), { publicUrl: 'https://shop-api.example.com/' });
    expect(pagination.next_url).toBe('https://shop-api.example.com/v1/products?older_than_id=98&page=2');
  });

  it('uses the request protocol and host otherwise', () => {
    expect(paginationOf(requestTo('/v1/products', 'localhost:8080', 'https'), result()).next_url.startsWith('https://localhost:8080/v1/products?')).toBe(true);
  });

  it('treats a page of 0 as the first page', () => {
    expect(paginationOf(requestTo('/v1/products'), result({ page: 0 }))).toMatchObject({ offset: 0 });
    expect(paginationOf(requestTo('/v1/products'), result({ page: 0 })).next_url).toMatch(/page=2$/);
  });
});

describe('nextPageQuery', () => {
  it('keeps the other filters in order and as encoded, and replaces page', () => {
    expect(nextPageQuery('status=coming%20soon&page=2&sort_direction=DESC', 3, 97)).toBe('?status=coming%20soon&sort_direction=DESC&older_than_id=98&page=3');
    expect(nextPageQuery('status=coming+soon&updated_at_min=1700000000', 2, 97)).toBe('?status=coming+soon&updated_at_min=1700000000&older_than_id=98&page=2');
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
