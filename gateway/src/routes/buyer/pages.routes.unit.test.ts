// The buyer site's pages, cart and checkout form through the whole app, on storefront and orders backends written for the test.
import http from 'node:http';
import { orders, storefront } from '@commerce/contracts';
import { GrpcStatus, RemoteError } from '@commerce/grpc-runtime';
import { aGatewayApp } from '../../app.fixture';
import type { ApiKeyIdentityClient } from '../../auth/authenticator';
import type { BackendClients } from '../../clients';
import { startTestServer, type TestServer } from '../../http/test-server';
import { LeakyBucket } from '../../rate-limit/leaky-bucket';
import { OrderTokens } from './order-token';

const STORES = [
  storefront.Store.fromPartial({
    id: 7,
    subdomain: 'shop',
    url: 'http://shop.shops.localhost',
    custom_domain: 'shop.example.com',
    storefront_open: true,
  }),
  storefront.Store.fromPartial({ id: 8, subdomain: 'closed', url: 'http://closed.shops.localhost', storefront_open: false }),
];
/**
 * Every request goes to the shop's own host unless it names another: its site lives there (the path form redirects,
 * site-origin.unit.test.ts).
 */
const SHOP_HOST = { Host: 'shop.shops.localhost' };
const CLOSED_HOST = { Host: 'closed.shops.localhost' };
const SITE_KEY = Buffer.alloc(32, 3);

const rendered: storefront.RenderPageRequest[] = [];
const checkouts: orders.CreateOrderRequest[] = [];
const lookups: unknown[] = [];
let orderFailure: RemoteError | undefined;
let pageFailure: RemoteError | undefined;

const clients = {
  stores: {
    findStore: async ({ address }: storefront.FindStoreRequest) => {
      lookups.push(address);
      const value = address!.value.toLowerCase();
      const store = STORES.find((candidate) =>
        address!.$case === 'subdomain' ? candidate.subdomain === value : candidate.custom_domain === value,
      );
      if (!store) throw new RemoteError({ code: GrpcStatus.NOT_FOUND, message: 'store not found' });
      return { store };
    },
  },
  pages: {
    renderPage: async (request: storefront.RenderPageRequest) => {
      rendered.push(request);
      if (pageFailure) throw pageFailure;
      const closed = !STORES.find((store) => store.id === request.store_id)!.storefront_open;
      if (request.path === '/store.css') return { status: 200, content_type: 'text/css; charset=utf-8', body: 'body{color:red}' };
      const known =
        ['/', '/cart', '/checkout'].includes(request.path) ||
        /^\/(products|collections)\/\d+$/.test(request.path) ||
        (request.path.startsWith('/orders/') && request.order_id > 0);
      return {
        status: closed ? 503 : known ? 200 : 404,
        content_type: 'text/html; charset=utf-8',
        body: `<p>${closed ? 'maintenance' : request.path}</p>`,
      };
    },
  },
  orders: {
    createOrder: async (request: orders.CreateOrderRequest) => {
      checkouts.push(request);
      if (orderFailure) throw orderFailure;
      const placed = new Date('2026-03-01T15:00:00Z');
      const order = orders.Order.fromPartial({
        id: 41,
        status: 'open',
        email: request.email,
        address: request.address,
        created_at: placed,
        updated_at: placed,
        confirmed_at: placed,
        paid_at: placed,
      });
      return { order, time_zone: 'UTC' };
    },
  },
} as unknown as BackendClients;
const identity: ApiKeyIdentityClient = {
  authenticateApiKey: async () => {
    throw new RemoteError({ code: GrpcStatus.UNAUTHENTICATED, message: 'unknown key' });
  },
  checkGrant: async () => ({ active: false, user_id: 0, store_id: 0, client_id: '', scope: '' }),
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(aGatewayApp(clients, identity, { storefrontDomain: 'shops.localhost', buyerSiteKey: SITE_KEY }));
});
afterAll(() => server.close());
beforeEach(() => {
  rendered.length = 0;
  checkouts.length = 0;
  lookups.length = 0;
  orderFailure = undefined;
  pageFailure = undefined;
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const BROWSER = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const FORM_TYPE = { 'Content-Type': 'application/x-www-form-urlencoded' };

function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${server.url}${path}`, { method, headers: { ...SHOP_HOST, ...headers }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** name → value of the Set-Cookie headers, with each one's attributes. */
function setCookies(answer: Answer): Record<string, { value: string; attributes: string }> {
  return Object.fromEntries(
    (answer.headers['set-cookie'] ?? []).map((line) => {
      const [pair, ...attributes] = line.split('; ');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), { value: pair.slice(at + 1), attributes: attributes.join('; ') }];
    }),
  );
}

/** A first visit's cookies, as a browser would send them back. */
async function aBuyer(headers: Record<string, string> = {}): Promise<{ cookie: string; csrf: string }> {
  const first = await send('GET', '/', headers);
  const cookies = setCookies(first);
  return { cookie: `sc_vid=${cookies.sc_vid.value}; sc_csrf=${cookies.sc_csrf.value}`, csrf: cookies.sc_csrf.value };
}

describe('GET of a site path', () => {
  it('renders the page through RenderPage with the path, base, query and buyer, and sends it with the security headers', async () => {
    const answer = await send('GET', '/products/12?page=2&ref=mail&page=3', {
      'User-Agent': 'Chromium',
      Referer: 'https://search.example/',
    });

    expect(answer.status).toBe(200);
    expect(answer.text).toBe('<p>/products/12</p>');
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'same-origin',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    });
    expect(answer.headers['content-security-policy']).toContain("img-src 'self' https: data:");
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    const cookies = setCookies(answer);
    expect(rendered).toEqual([
      expect.objectContaining({
        store_id: 7,
        path: '/products/12',
        base_path: '',
        query: { page: '2', ref: 'mail' },
        cart: [],
        csrf_token: cookies.sc_csrf.value,
        visitor_id: '',
        user_agent: 'Chromium',
        referer: 'https://search.example/',
        client_address: '127.0.0.1',
        page_view: true,
        order_id: 0,
      }),
    ]);
  });

  it("issues the visitor id and the CSRF token once, HttpOnly and SameSite=Lax, for the store's own host only", async () => {
    const first = await send('GET', '/');
    const cookies = setCookies(first);
    expect(cookies.sc_vid.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    // No Domain: a host-only cookie, never sent to another store's host or the platform's.
    expect(cookies.sc_vid.attributes).toBe('Path=/; HttpOnly; SameSite=Lax; Max-Age=34560000');
    expect(cookies.sc_csrf.attributes).toBe('Path=/; HttpOnly; SameSite=Lax');
    expect(rendered[0]).toMatchObject({ path: '/', base_path: '' });

    const again = await send('GET', '/cart', {
      Cookie: `sc_vid=${cookies.sc_vid.value}; sc_csrf=${cookies.sc_csrf.value}; sc_cart=9-2.11-1`,
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(rendered[1]).toMatchObject({
      visitor_id: cookies.sc_vid.value.split('.')[0],
      csrf_token: cookies.sc_csrf.value,
      cart: [
        { variant_id: 9, quantity: 2 },
        { variant_id: 11, quantity: 1 },
      ],
    });
  });

  it('replaces a tampered visitor id or CSRF token, and reads a tampered cart as empty', async () => {
    const answer = await send('GET', '/cart', { Cookie: 'sc_vid=<script>; sc_csrf=abc; sc_cart=9-2.<b>-1' });
    const cookies = setCookies(answer);
    expect(Object.keys(cookies).sort()).toEqual(['sc_csrf', 'sc_vid']);
    expect(rendered[0]).toMatchObject({ cart: [], visitor_id: '', csrf_token: cookies.sc_csrf.value });
  });

  it('serves the Host form with an empty base and cookies for the whole host', async () => {
    const answer = await send('GET', '/collections/3', { Host: 'Shop.shops.localhost:8080' });
    expect(answer.status).toBe(200);
    expect(rendered[0]).toMatchObject({ store_id: 7, path: '/collections/3', base_path: '' });
    expect(setCookies(answer).sc_vid.attributes).toMatch(/^Path=\/; /);
    expect((await send('GET', '/', { Host: 'shop.example.com' })).status).toBe(200);
    expect(rendered[1]).toMatchObject({ store_id: 7, base_path: '' });
  });

  it("passes the renderer's 404 page and the closed store's Maintenance page with 503 as they are", async () => {
    const unknown = await send('GET', '/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe('<p>/no-such-page</p>');
    const closed = await send('GET', '/', CLOSED_HOST);
    expect(closed.status).toBe(503);
    expect(closed.text).toBe('<p>maintenance</p>');
  });

  it('sends the stylesheet as CSS, checked again on every use', async () => {
    const answer = await send('GET', '/store.css');
    expect(answer.headers).toMatchObject({
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.text).toBe('body{color:red}');
  });

  it('answers HEAD with the headers and no body, and does not count it as a visit', async () => {
    const answer = await send('HEAD', '/');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers['content-length']).toBe(String('<p>/</p>'.length));
    expect(rendered[0].page_view).toBe(false);
  });

  it('answers an unknown store with a 404 HTML page, by path and by a host under the storefront domain', async () => {
    for (const [path, headers] of [
      ['/s/nobody/', {}],
      ['/s/not_a_subdomain!/', {}],
      ['/', { Host: 'nobody.shops.localhost' }],
    ] as Array<[string, Record<string, string>]>) {
      const answer = await send('GET', path, headers);
      expect({ path, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        path,
        status: 404,
        type: 'text/html; charset=utf-8',
      });
      expect(answer.text).toContain('There is no store at this address.');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    }
    expect(rendered).toEqual([]);
  });

  it('leaves hosts that are no store (the API host, an unclaimed domain) to the gateway: /healthz, /v1 and the JSON 404', async () => {
    for (const host of ['localhost:8080', '127.0.0.1', 'api.example.com', 'shops.localhost']) {
      const health = await send('GET', '/healthz', { Host: host });
      expect({ host, status: health.status }).toEqual({ host, status: 200 });
      const api = await send('GET', '/v1/store.json', { Host: host });
      expect({ host, status: api.status }).toEqual({ host, status: 401 });
      const unknown = await send('GET', '/anything', { Host: host });
      expect({ host, status: unknown.status, type: unknown.headers['content-type'] }).toEqual({
        host,
        status: 404,
        type: 'application/json; charset=utf-8',
      });
      expect(JSON.parse(unknown.text)).toMatchObject({ error: 'Not found', meta: { code: 404 } });
    }
    // /v1 on a store's own host is still the API.
    expect((await send('GET', '/v1/store.json', { Host: 'shop.shops.localhost' })).status).toBe(401);
    expect(rendered).toEqual([]);
  });

  it('answers a storefront that is down with a 503 page that says nothing of the cause', async () => {
    pageFailure = new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'connect ECONNREFUSED 127.0.0.1:50055' });
    const answer = await send('GET', '/');
    expect(answer.status).toBe(503);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.text).not.toContain('ECONNREFUSED');
  });
});

describe('GET /orders/<token>', () => {
  const tokens = new OrderTokens(SITE_KEY);

  it("passes the order id of a token made for this store, and 0 for any other token (the renderer's 404)", async () => {
    expect((await send('GET', `/orders/${tokens.tokenOf(7, 41)}`)).status).toBe(200);
    expect(rendered[0]).toMatchObject({ path: `/orders/${tokens.tokenOf(7, 41)}`, order_id: 41 });
    expect((await send('GET', `/orders/${tokens.tokenOf(7, 41)}/`, { Host: 'shop.example.com' })).status).toBe(200);
    expect(rendered[1]).toMatchObject({ order_id: 41 });
    for (const token of [
      tokens.tokenOf(8, 41),
      '41',
      `42.${tokens.tokenOf(7, 41).split('.')[1]}`,
      new OrderTokens(Buffer.alloc(32, 4)).tokenOf(7, 41),
    ]) {
      rendered.length = 0;
      expect((await send('GET', `/orders/${token}`)).status).toBe(404);
      expect(rendered[0].order_id).toBe(0);
    }
  });
});

describe('POST <site>/cart', () => {
  const cartForm = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it('adds to the cart cookie (the whole store host) and answers 303 to the cart page', async () => {
    const buyer = await aBuyer();
    const added = await send(
      'POST',
      '/cart',
      { ...FORM_TYPE, Cookie: `${buyer.cookie}; sc_cart=9-1` },
      cartForm({ variant_id: '9', quantity: '2', action: 'add', csrf_token: buyer.csrf }),
    );
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe('/cart');
    expect(setCookies(added).sc_cart).toEqual({ value: '9-3', attributes: 'Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000' });

    const removed = await send(
      'POST',
      '/cart',
      { ...FORM_TYPE, Cookie: `${buyer.cookie}; sc_cart=9-3` },
      cartForm({ variant_id: '9', action: 'remove', csrf_token: buyer.csrf }),
    );
    expect(setCookies(removed).sc_cart).toEqual({
      value: '',
      attributes: 'Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    });
  });

  it("works on the store's custom domain, with cookies for that whole host", async () => {
    const host = { Host: 'shop.example.com' };
    const buyer = await aBuyer(host);
    const added = await send(
      'POST',
      '/cart',
      { ...host, ...FORM_TYPE, Cookie: buyer.cookie },
      cartForm({ variant_id: '12', csrf_token: buyer.csrf }),
    );
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe('/cart');
    expect(setCookies(added).sc_cart.value).toBe('12-1');
    expect(setCookies(added).sc_cart.attributes).toMatch(/^Path=\/; /);
  });

  it('refuses a missing or wrong CSRF token with a 403 page and leaves the cart alone', async () => {
    const buyer = await aBuyer();
    const other = await aBuyer();
    for (const token of [undefined, other.csrf, '']) {
      const fields: Record<string, string> = { variant_id: '9' };
      if (token !== undefined) fields.csrf_token = token;
      const answer = await send('POST', '/cart', { ...FORM_TYPE, Cookie: buyer.cookie }, cartForm(fields));
      expect(answer.status).toBe(403);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // No cookie at all: what another site's form would send.
    expect((await send('POST', '/cart', FORM_TYPE, cartForm({ variant_id: '9', csrf_token: buyer.csrf }))).status).toBe(403);
  });

  it('answers bad input with a 4xx page, escaping what it repeats, never a crash', async () => {
    const buyer = await aBuyer();
    const refused: Array<Record<string, string>> = [
      { variant_id: '<script>alert(1)</script>' },
      { variant_id: '9', quantity: '-1' },
      { variant_id: '9', action: 'steal' },
    ];
    for (const fields of refused) {
      const answer = await send('POST', '/cart', { ...FORM_TYPE, Cookie: buyer.cookie }, cartForm({ ...fields, csrf_token: buyer.csrf }));
      expect(answer.status).toBe(422);
      expect(answer.text).not.toContain('<script>');
    }
    const nested = await send('POST', '/cart', { ...FORM_TYPE, Cookie: buyer.cookie }, `variant_id[a][b]=1&csrf_token=${buyer.csrf}`);
    expect(nested.status).toBe(422);
    const huge = await send(
      'POST',
      '/cart',
      { ...FORM_TYPE, Cookie: buyer.cookie },
      `variant_id=9&csrf_token=${buyer.csrf}&pad=${'x'.repeat(10_000)}`,
    );
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toBe('text/html; charset=utf-8');
    const full = `sc_cart=${Array.from({ length: 50 }, (_, index) => `${index + 1}-1`).join('.')}`;
    expect(
      (
        await send(
          'POST',
          '/cart',
          { ...FORM_TYPE, Cookie: `${buyer.cookie}; ${full}` },
          cartForm({ variant_id: '999', csrf_token: buyer.csrf }),
        )
      ).status,
    ).toBe(422);
  });
});

describe('the checkout form', () => {
  const tokens = new OrderTokens(SITE_KEY);
  const form = (csrf: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      email: 'ann@example.com',
      'address[name]': 'Ann Lee',
      'address[address_1]': '1 Main St',
      'address[address_2]': '',
      'address[city]': 'Portland',
      'address[state]': 'Oregon',
      'address[postal]': '97201',
      'address[country]': 'US',
      user_note: 'Gift',
      payment_token: 'tok_visa',
      'items[0][variant_id]': '9',
      'items[0][quantity]': '2',
      csrf_token: csrf,
      ...extra,
    }).toString();
  const post = (cookie: string, body: string, headers: Record<string, string> = {}) =>
    send('POST', '/checkout', { ...BROWSER, ...FORM_TYPE, Cookie: cookie, ...headers }, body);

  it('places the order from the bracket fields, clears the cart, renews the CSRF token, answers 303 to the confirmation page', async () => {
    const buyer = await aBuyer();
    const answer = await post(`${buyer.cookie}; sc_cart=9-2`, form(buyer.csrf));

    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/orders/${tokens.tokenOf(7, 41)}`);
    expect(checkouts).toEqual([
      expect.objectContaining({
        store_id: 7,
        email: 'ann@example.com',
        user_note: 'Gift',
        payment_token: 'tok_visa',
        lines: [{ variant_id: 9, quantity: 2 }],
        address: expect.objectContaining({
          name: 'Ann Lee',
          address_1: '1 Main St',
          city: 'Portland',
          state: 'Oregon',
          postal: '97201',
          country: 'US',
        }),
        checkout_key: expect.stringMatching(/^form:[0-9a-f]{64}$/),
      }),
    ]);
    const cookies = setCookies(answer);
    expect(cookies.sc_cart).toEqual({
      value: '',
      attributes: 'Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    });
    expect(cookies.sc_csrf.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookies.sc_csrf.value).not.toBe(buyer.csrf);
  });

  it('takes the lines from the cart cookie when the form has none; the same form twice is one checkout key', async () => {
    const buyer = await aBuyer();
    const body = new URLSearchParams(form(buyer.csrf));
    body.delete('items[0][variant_id]');
    body.delete('items[0][quantity]');
    await post(`${buyer.cookie}; sc_cart=9-1.11-3`, body.toString());
    await post(`${buyer.cookie}; sc_cart=9-1.11-3`, body.toString());
    expect(checkouts.map((request) => request.lines)).toEqual([
      [
        { variant_id: 9, quantity: 1 },
        { variant_id: 11, quantity: 3 },
      ],
      [
        { variant_id: 9, quantity: 1 },
        { variant_id: 11, quantity: 3 },
      ],
    ]);
    expect(checkouts[0].checkout_key).toBe(checkouts[1].checkout_key);
    await post(`${buyer.cookie}; sc_cart=9-2`, body.toString());
    expect(checkouts[2].checkout_key).not.toBe(checkouts[0].checkout_key);
  });

  it('refuses a wrong CSRF token with a 403 page before anything is called', async () => {
    const buyer = await aBuyer();
    const answer = await post(buyer.cookie, form('x'.repeat(43)));
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(checkouts).toEqual([]);
  });

  it.each([
    [
      422,
      new RemoteError({
        code: GrpcStatus.INVALID_ARGUMENT,
        message: 'Validation failed',
        fieldViolations: { 'address.country': ['is not a country code'] },
      }),
    ],
    [402, new RemoteError({ code: GrpcStatus.FAILED_PRECONDITION, message: 'The card was declined', reason: 'PAYMENT_DECLINED' })],
    [503, new RemoteError({ code: GrpcStatus.UNAVAILABLE, message: 'down' })],
  ])('renders the checkout page again with the refusal, the fields as typed and status %s', async (status, failure) => {
    orderFailure = failure;
    const buyer = await aBuyer();
    rendered.length = 0;
    const answer = await post(buyer.cookie, form(buyer.csrf, { 'address[city]': '<script>alert(1)</script>' }));

    expect(answer.status).toBe(status);
    expect(answer.text).toBe('<p>/checkout</p>');
    expect(rendered).toHaveLength(1);
    const page = rendered[0];
    expect(page).toMatchObject({ path: '/checkout', base_path: '', csrf_token: buyer.csrf, checkout_error: expect.any(String) });
    expect(page.checkout_form).toMatchObject({
      email: 'ann@example.com',
      'address[city]': '<script>alert(1)</script>',
      'items[0][variant_id]': '9',
    });
    expect(page.checkout_form).not.toHaveProperty('csrf_token');
    expect(page.checkout_form).not.toHaveProperty('payment_token');
    if (status === 422) expect(page.field_errors).toEqual([{ field: 'address[country]', message: 'is not a country code' }]);
    if (status === 503) expect(page.checkout_error).not.toContain('down');
  });

  it('renders a refused checkout whose lines came from the form (no cart cookie) with them as its cart, so its errors show', async () => {
    orderFailure = new RemoteError({
      code: GrpcStatus.INVALID_ARGUMENT,
      message: 'Validation failed',
      fieldViolations: { email: ['is invalid'] },
    });
    const buyer = await aBuyer();
    rendered.length = 0;
    const answer = await post(buyer.cookie, form(buyer.csrf, { email: 'nobody' }));

    expect(answer.status).toBe(422);
    expect(rendered).toEqual([
      expect.objectContaining({
        path: '/checkout',
        cart: [{ variant_id: 9, quantity: 2 }],
        field_errors: [{ field: 'email', message: 'is invalid' }],
      }),
    ]);
  });

  it("shows the gateway's own shape refusals on the page too (422, nothing called)", async () => {
    const buyer = await aBuyer();
    const answer = await post(buyer.cookie, form(buyer.csrf, { 'items[0][quantity]': 'many' }));
    expect(answer.status).toBe(422);
    expect(checkouts).toEqual([]);
    expect(rendered.at(-1)!.field_errors).toEqual([{ field: 'items[0][quantity]', message: expect.any(String) }]);
  });

  it("shows a closed store's Maintenance page, placing nothing", async () => {
    const buyer = await aBuyer(CLOSED_HOST);
    const answer = await send('POST', '/checkout', { ...CLOSED_HOST, ...BROWSER, ...FORM_TYPE, Cookie: buyer.cookie }, form(buyer.csrf));
    expect(answer.status).toBe(503);
    expect(answer.text).toBe('<p>maintenance</p>');
    expect(checkouts).toEqual([]);
  });

  it('answers past the per-address checkout limit with a 429 page and Retry-After', async () => {
    const limited = await startTestServer(
      aGatewayApp(clients, identity, {
        storefrontDomain: 'shops.localhost',
        checkoutLimit: new LeakyBucket({ capacity: 1, leakPerSecond: 0.001 }),
      }),
    );
    try {
      const buyer = await aBuyer();
      const postThere = () =>
        new Promise<Answer>((resolve, reject) => {
          const outgoing = http.request(
            `${limited.url}/checkout`,
            { method: 'POST', headers: { ...SHOP_HOST, ...BROWSER, ...FORM_TYPE, Cookie: buyer.cookie }, agent: false },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
              );
            },
          );
          outgoing.on('error', reject);
          outgoing.end(form(buyer.csrf));
        });
      expect((await postThere()).status).toBe(303);
      const refused = await postThere();
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(checkouts).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('leaves a form without an HTML Accept (curl, a headless client) to the JSON checkout', async () => {
    const answer = await send('POST', '/checkout', { ...FORM_TYPE, Accept: '*/*' }, form(''));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ data: { id: 41 }, meta: { code: 200 } });
  });
});
