import { CommerceApiError, createClient, type OAuthTokens } from '@commerce/sdk';
import { ok, refused, ScriptedApi, type Received } from './scripted-api.harness';

/**
 * The client's HTTP handling against a real server on loopback that answers as scripted: what it sends (credential,
 * Idempotency-Key), how it retries, refreshes, maps errors and follows pages (libs/sdk/README.md). The same client
 * against the real stack: test/stack/sdk.test.ts.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FAST = { baseDelayMs: 5, maxDelayMs: 2_000 };
const PRODUCT = { id: 1, name: 'Sencha' };

let api: ScriptedApi | undefined;
afterEach(() => api?.close());

async function scripted(answer: ConstructorParameters<typeof ScriptedApi>[0]): Promise<string> {
  api = new ScriptedApi(answer);
  return api.listen();
}
const received = (): Received[] => api!.received;

describe('credentials and Idempotency-Key', () => {
  it('sends the API key as API-KEY, and a write gets one Idempotency-Key that every retry repeats', async () => {
    const baseUrl = await scripted((_, index) => (index < 2 ? refused(503, 'ServiceUnavailable', 'catalog is down') : ok(PRODUCT)));
    const client = createClient({ baseUrl, apiKey: 'sck_test', retry: FAST });

    const { data } = await client.POST('/v1/products', { body: { name: 'Sencha' } });

    expect(data).toEqual(PRODUCT);
    expect(received()).toHaveLength(3);
    const keys = received().map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(received().map((request) => [request.headers['api-key'], JSON.parse(request.body)])).toEqual(
      Array(3).fill(['sck_test', { name: 'Sencha' }]),
    );
  });

  it("keeps the caller's own key, and gives each call a key of its own otherwise; a GET carries none", async () => {
    const baseUrl = await scripted(() => ok(PRODUCT));
    const client = createClient({ baseUrl, apiKey: 'sck_test' });

    await client.POST('/v1/products', { params: { header: { 'Idempotency-Key': 'create-sencha' } }, body: { name: 'Sencha' } });
    await client.POST('/v1/products', { body: { name: 'Sencha' } });
    await client.PUT('/v1/products/{id}', { params: { path: { id: 1 } }, body: { name: 'Gyokuro' } });
    await client.GET('/v1/products/{id}', { params: { path: { id: 1 } } });

    const [own, first, put, get] = received().map((request) => request.headers['idempotency-key']);
    expect(own).toBe('create-sencha');
    expect(first).toMatch(UUID);
    expect(put).toMatch(UUID);
    expect(put).not.toBe(first);
    expect(get).toBeUndefined();
    expect(received().map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /v1/products',
      'POST /v1/products',
      'PUT /v1/products/1',
      'GET /v1/products/1',
    ]);
  });

  it('sends a write again, with its key, when the first attempt got no answer at all', async () => {
    const baseUrl = await scripted((_, index) => (index === 0 ? { status: 0, hangUp: true } : ok(PRODUCT)));
    const client = createClient({ baseUrl, apiKey: 'sck_test', retry: FAST });

    await expect(client.POST('/v1/products', { body: { name: 'Sencha' } })).resolves.toMatchObject({ data: PRODUCT });
    expect(received()).toHaveLength(2);
    expect(received()[1]!.headers['idempotency-key']).toBe(received()[0]!.headers['idempotency-key']);
  });
});

describe('retries of 429 and 503 (docs/api-conventions.md#rate-limits)', () => {
  it('waits what Retry-After asks before the retry', async () => {
    const baseUrl = await scripted((_, index) =>
      index === 0 ? refused(429, 'RateLimited', 'Rate limit exceeded', { headers: { 'Retry-After': '1' } }) : ok(PRODUCT),
    );
    const client = createClient({ baseUrl, apiKey: 'sck_test', retry: FAST });

    await client.GET('/v1/products/{id}', { params: { path: { id: 1 } } });

    expect(received()).toHaveLength(2);
    const waitedMs = received()[1]!.at - received()[0]!.at;
    expect(waitedMs).toBeGreaterThanOrEqual(1_000);
    expect(waitedMs).toBeLessThan(1_000 + FAST.baseDelayMs + 500);
  });

  it('gives up after maxRetries, throwing the last answer', async () => {
    const baseUrl = await scripted(() => refused(503, 'ServiceUnavailable', 'orders is unavailable'));
    const client = createClient({ baseUrl, apiKey: 'sck_test', retry: { ...FAST, maxRetries: 2 } });

    const error = await client.GET('/v1/store').catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(CommerceApiError);
    expect(error).toMatchObject({ status: 503, errorType: 'ServiceUnavailable', message: 'orders is unavailable' });
    expect(received()).toHaveLength(3);
  });

  it('does not wait past the cap: a Retry-After longer than maxDelayMs throws at once, saying how long', async () => {
    const baseUrl = await scripted(() => refused(429, 'RateLimited', 'Rate limit exceeded', { headers: { 'Retry-After': '120' } }));
    const client = createClient({ baseUrl, apiKey: 'sck_test', retry: { maxDelayMs: 30_000 } });

    await expect(client.GET('/v1/store')).rejects.toMatchObject({ status: 429, errorType: 'RateLimited', retryAfterMs: 120_000 });
    expect(received()).toHaveLength(1);
  });

  it('never retries another refusal', async () => {
    const baseUrl = await scripted(() => refused(409, 'Conflict', 'still in use'));
    const client = createClient({ baseUrl, apiKey: 'sck_test', retry: FAST });

    await expect(client.DELETE('/v1/shipping_groups/{id}', { params: { path: { id: 3 } } })).rejects.toMatchObject({ status: 409 });
    expect(received()).toHaveLength(1);
  });
});

describe('errors (docs/api-conventions.md#errors)', () => {
  it('throws CommerceApiError with the status, error type, field errors and request id of the error body', async () => {
    const baseUrl = await scripted(() =>
      refused(422, 'ValidationError', "Validation failed: name can't be blank", {
        errors: { name: ["can't be blank"], price: ['must be positive'] },
      }),
    );
    const client = createClient({ baseUrl, apiKey: 'sck_test' });

    const error = (await client.POST('/v1/products', { body: { name: '' } }).catch((thrown: unknown) => thrown)) as CommerceApiError;

    expect(error).toBeInstanceOf(CommerceApiError);
    expect(error).toMatchObject({
      name: 'CommerceApiError',
      status: 422,
      errorType: 'ValidationError',
      message: "Validation failed: name can't be blank",
      fieldErrors: { name: ["can't be blank"], price: ['must be positive'] },
      requestId: 'req-1',
    });
  });

  it('still says what it can of an answer that is not the error body: the status and the X-Request-Id header', async () => {
    api = new ScriptedApi(() => ({ status: 502, headers: { 'Content-Type': 'text/plain', 'X-Request-Id': 'edge-7' } }));
    const baseUrl = await api.listen();
    const client = createClient({ baseUrl, apiKey: 'sck_test' });

    await expect(client.GET('/v1/store')).rejects.toMatchObject({
      status: 502,
      errorType: 'HTTP502',
      requestId: 'edge-7',
      fieldErrors: {},
    });
  });
});

describe('OAuth tokens that refresh themselves (docs/oauth.md#token-endpoint)', () => {
  /** An API and token endpoint as identity runs them: one valid access token, refresh tokens spent when used. */
  function oauthApi() {
    const state = { access: 'expired', refresh: 'refresh-0', issued: 0, refreshes: [] as URLSearchParams[] };
    const answer = (request: Received) => {
      if (request.url === '/oauth/token') {
        const form = new URLSearchParams(request.body);
        state.refreshes.push(form);
        if (form.get('refresh_token') !== state.refresh)
          return { status: 400, body: { error: 'invalid_grant', error_description: 'refresh token is spent' } };
        state.issued += 1;
        Object.assign(state, { access: `access-${state.issued}`, refresh: `refresh-${state.issued}` });
        return {
          status: 200,
          body: { access_token: state.access, token_type: 'Bearer', expires_in: 3600, refresh_token: state.refresh, scope: 'store_read' },
        };
      }
      if (request.headers.authorization !== `Bearer ${state.access}`)
        return refused(401, 'Unauthorized', 'Access token is invalid or expired');
      return ok({ name: 'Tea House' });
    };
    return { state, answer };
  }

  it('refreshes once for calls refused together, retries each with the new token, and hands the rotated pair to onTokens', async () => {
    const { state, answer } = oauthApi();
    const baseUrl = await scripted(answer);
    const saved: OAuthTokens[] = [];
    const client = createClient({
      baseUrl,
      accessToken: 'stale',
      refreshToken: 'refresh-0',
      clientId: 'app-1',
      clientSecret: 'app-secret',
      onTokens: (tokens) => void saved.push(tokens),
    });

    const answers = await Promise.all(Array.from({ length: 5 }, () => client.GET('/v1/store')));

    expect(answers.map((answer) => answer.data.name)).toEqual(Array(5).fill('Tea House'));
    expect(state.refreshes.map((form) => Object.fromEntries(form))).toEqual([
      { grant_type: 'refresh_token', refresh_token: 'refresh-0', client_id: 'app-1', client_secret: 'app-secret' },
    ]);
    expect(saved).toEqual([{ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 3600, scope: 'store_read' }]);
    expect(client.tokens()).toEqual(saved[0]);

    // The access token expires again: the next refresh spends the rotated refresh token, not the first one.
    state.access = 'expired-again';
    await client.GET('/v1/store');
    expect(state.refreshes.map((form) => form.get('refresh_token'))).toEqual(['refresh-0', 'refresh-1']);
    expect(saved.map((tokens) => tokens.refreshToken)).toEqual(['refresh-1', 'refresh-2']);
  });

  it("throws the token endpoint's refusal when the refresh token is no good, and does not loop", async () => {
    const { state, answer } = oauthApi();
    const baseUrl = await scripted(answer);
    const client = createClient({ baseUrl, accessToken: 'stale', refreshToken: 'revoked', clientId: 'app-1', clientSecret: 'app-secret' });

    await expect(client.GET('/v1/store')).rejects.toMatchObject({
      status: 400,
      errorType: 'invalid_grant',
      message: 'refresh token is spent',
    });
    expect(state.refreshes).toHaveLength(1);
    expect(received()).toHaveLength(2);
  });
});

describe('paginate (docs/api-conventions.md#paging)', () => {
  it("walks numbered pages by next_url to the end, on the client's own address and with its credential", async () => {
    const products = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `p${i + 1}` }));
    const baseUrl = await scripted((request) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('page') ?? '1');
      const next = page < 3 ? `https://api.example.com/v1/products?limit=2&page=${page + 1}` : null;
      return ok(
        { products: products.slice((page - 1) * 2, page * 2) },
        { pagination: { total: 5, offset: (page - 1) * 2, total_pages: 3, next_url: next, current_max_id: 5 } },
      );
    });
    const client = createClient({ baseUrl, apiKey: 'sck_test' });

    const names: string[] = [];
    for await (const product of client.paginate('/v1/products', { params: { query: { limit: 2 } } })) names.push(product.name);

    expect(names).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(received().map((request) => [request.url, request.headers['api-key']])).toEqual([
      ['/v1/products?limit=2', 'sck_test'],
      ['/v1/products?limit=2&page=2', 'sck_test'],
      ['/v1/products?limit=2&page=3', 'sck_test'],
    ]);
  });

  it('follows a cursor list (the events feed) until next_url is null, and stops early when the caller breaks', async () => {
    const baseUrl = await scripted((request) => {
      const since = new URL(request.url, 'http://x').searchParams.get('since_id');
      const events = since === null ? [{ id: 'e1' }, { id: 'e2' }] : [{ id: 'e3' }];
      return ok({ events }, { pagination: { limit: 2, next_url: since === null ? `${baseUrl}/v1/events?since_id=e2` : null } });
    });
    const client = createClient({ baseUrl, apiKey: 'sck_test' });

    const ids: string[] = [];
    for await (const event of client.paginate('/v1/events')) ids.push(event.id);
    expect(ids).toEqual(['e1', 'e2', 'e3']);

    for await (const event of client.paginate('/v1/events')) if (event.id === 'e1') break;
    expect(received()).toHaveLength(3);
  });

  it('throws the error of a page that fails', async () => {
    const baseUrl = await scripted((request) =>
      request.url.includes('page=2')
        ? refused(404, 'NotFound', 'gone')
        : ok({ products: [PRODUCT] }, { pagination: { next_url: `${baseUrl}/v1/products?page=2` } }),
    );
    const client = createClient({ baseUrl, apiKey: 'sck_test' });

    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const product of client.paginate('/v1/products')) seen.push(product.id);
      })(),
    ).rejects.toMatchObject({ status: 404, errorType: 'NotFound', requestId: 'req-1' });
    expect(seen).toEqual([1]);
  });
});
