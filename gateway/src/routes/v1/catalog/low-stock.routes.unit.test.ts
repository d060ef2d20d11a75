// GET /v1/variants, the low-stock list (docs/catalog.md#low-stock-variants), through the whole app on a CatalogService
// written for the test.
import jwt from 'jsonwebtoken';
import { catalog } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp, send, storeSevenIdentity, TEST_TOKENS, type Received } from '../../../app.fixture';
import type { BackendClients } from '../../../clients';
import { startTestServer, type TestServer } from '../../../http/test-server';

const calls: catalog.ListLowStockVariantsRequest[] = [];
let failure: RemoteError | undefined;
let total = 3;

const aVariant = (id: number, inStock: number) =>
  catalog.Variant.fromPartial({
    id,
    product_id: 7,
    name: 'Large',
    position: 2,
    sku: 'TEA-L',
    full_quantity: 10,
    in_stock: inStock,
    sold: 10 - inStock,
    percent_available: inStock * 10,
    sold_out: inStock === 0,
    status: inStock === 0 ? 'sold-out' : 'active',
    cents: 2450,
  });

const catalogBackend = {
  listLowStockVariants: async (request: catalog.ListLowStockVariantsRequest) => {
    calls.push(request);
    if (failure) throw failure;
    return catalog.ListLowStockVariantsResponse.fromPartial({
      variants: [
        { variant: aVariant(31, 0), product_name: 'Green Tea' },
        { variant: aVariant(32, 4), product_name: 'Green Tea' },
      ],
      total,
      page: request.page || 1,
      limit: request.limit ?? 50,
      store_context: { time_zone: 'UTC', subdomain: 'tea', url: 'https://tea.example', currency: 'EUR' },
    });
  },
};
const clients = { catalog: catalogBackend } as unknown as BackendClients;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, storeSevenIdentity, { publicUrl: 'https://api.example.com' }));
});
afterAll(() => server.close());
beforeEach(() => {
  calls.length = 0;
  failure = undefined;
  total = 3;
});

const request = (path: string, headers: Record<string, string> = { 'API-KEY': 'sk_live_7' }): Promise<Received> =>
  send(server.url, { method: 'GET', path, headers });

describe('GET /v1/variants', () => {
  it("answers each variant as the API renders it with its product's name, and a next_url while variants are left", async () => {
    const answer = await request('/v1/variants.json?in_stock_max=5&limit=2');

    expect(answer.status).toBe(200);
    expect(calls).toEqual([{ store_id: 7, in_stock_max: 5, page: 0, limit: 2 }]);
    const nextUrl = 'https://api.example.com/v1/variants.json?in_stock_max=5&limit=2&page=2';
    expect(answer.body).toEqual({
      data: {
        variants: [
          expect.objectContaining({ id: 31, product_id: 7, in_stock: 0, sold_out: true, price: 24.5, product_name: 'Green Tea' }),
          expect.objectContaining({ id: 32, product_id: 7, in_stock: 4, status: 'active', product_name: 'Green Tea' }),
        ],
      },
      pagination: { total: 3, offset: 0, total_pages: 2, current_max_id: null, next_url: nextUrl },
      meta: { code: 200, api_version: '1.0' },
    });
    expect(Object.keys((answer.body.data as { variants: object[] }).variants[0]!)).toEqual([
      'id',
      'product_id',
      'name',
      'position',
      'sku',
      'full_quantity',
      'percent_available',
      'is_default_variant',
      'in_stock',
      'sold',
      'price',
      'sold_out',
      'status',
      'has_override_price',
      'cents',
      'product_name',
    ]);
    expect(answer.headers.link).toBe(`<${nextUrl}>; rel="next"`);
  });

  it('answers no next_url on the last page', async () => {
    total = 2;
    const answer = await request('/v1/variants?in_stock_max=0&per_page=2');

    expect(answer.body.pagination).toMatchObject({ total: 2, next_url: null });
    expect(answer.headers.link).toBeUndefined();
  });

  it("answers 422 for a threshold that is not an integer, and catalog's refusal of a missing one", async () => {
    const bad = await request('/v1/variants?in_stock_max=low');
    expect(bad.status).toBe(422);
    expect(bad.body.meta!.errors).toEqual({ in_stock_max: ['must be an integer'] });
    expect(calls).toEqual([]);

    failure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { in_stock_max: ['is required'] },
    });
    const missing = await request('/v1/variants');
    expect(missing.status).toBe(422);
    expect(missing.body.meta!.errors).toEqual({ in_stock_max: ['is required'] });
  });

  it('is readable with store_read', async () => {
    const token = jwt.sign({ sub: '42', store_id: 7, client_id: 'app-1', grant_id: 'read-only', scope: 'store_read' }, TEST_TOKENS.secret, {
      issuer: TEST_TOKENS.issuer,
      audience: TEST_TOKENS.audience,
      expiresIn: '1h',
    });
    expect((await request('/v1/variants?in_stock_max=5', { Authorization: `Bearer ${token}` })).status).toBe(200);
  });
});
