// One origin per store (docs/buyer-site.md#one-origin-per-store): the path form leads to the store's own host, the
// platform's pages never answer on a store's, and addresses handed out come from configuration, never from Host.
import type { RequestHandler } from 'express';
import { aGatewayApp } from '../../app.fixture';
import { startTestServer, type TestServer } from '../../http/test-server';
import { identityPagesFront } from '../../pages/identity-pages.front';
import { platformHostsOf } from '../../pages/platform-host';
import { buyerBackends, SHOP, SHOP_HOST, sendTo } from './buyer-site.fixture';

const backends = buyerBackends();
/** What reached identity's pages: the Host and path of each forwarded request. */
const forwarded: string[] = [];
const identityPages: RequestHandler = (req, res) => {
  forwarded.push(`${req.headers.host} ${req.url}`);
  res.status(200).type('html').send('<title>Sign in</title>');
};

let server: TestServer;
beforeAll(async () => {
  const pagesProxy = identityPagesFront(identityPages, { platformHosts: platformHostsOf('http://localhost:8080') });
  server = await startTestServer(
    aGatewayApp(backends.clients, backends.identity, {
      storefrontDomain: 'shops.localhost',
      publicUrl: 'http://localhost:8080',
      pagesProxy,
    }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  backends.reset();
  forwarded.length = 0;
});

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  sendTo(server.url, method, path, headers, body);
const BROWSER_FORM = { Accept: 'text/html,*/*;q=0.8', 'Content-Type': 'application/x-www-form-urlencoded' };
const CHECKOUT = JSON.stringify({ email: 'ann@example.com', items: [{ variant_id: 9, quantity: 1 }], payment_token: 'tok_visa' });

describe('the path form /s/<subdomain>/', () => {
  it.each([
    ['GET', '/s/shop/', '/'],
    ['GET', '/s/shop', '/'],
    ['GET', '/s/SHOP/pages/sign-in?ref=mail&x=%3Cb%3E', '/pages/sign-in?ref=mail&x=%3Cb%3E'],
    ['HEAD', '/s/shop/products/12', '/products/12'],
    ['POST', '/s/shop/cart', '/cart'],
    ['GET', '/s/shop//evil.example/x', '//evil.example/x'],
  ])("answers %s %s with 307 to the same path on the store's own site, serving and setting nothing", async (method, path, rest) => {
    const answer = await send(method, path, method === 'POST' ? BROWSER_FORM : {}, method === 'POST' ? 'variant_id=9' : undefined);
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${SHOP.url}${rest}`);
    expect(new URL(answer.headers.location!).origin).toBe(SHOP.url);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(backends.rendered).toEqual([]);
  });

  it("sends the checkout page's form there too: a browser never posts a form to the platform's origin", async () => {
    const answer = await send('POST', '/s/shop/checkout', BROWSER_FORM, 'email=a%40b.co&user_note=hunter2');
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${SHOP.url}/checkout`);
    expect(backends.checkouts).toEqual([]);
  });

  it("keeps a headless storefront's JSON checkout, its confirmation_url on the store's configured site whatever the Host", async () => {
    for (const [path, host] of [
      ['/s/shop/checkout', 'evil.example'],
      ['/checkout', SHOP_HOST],
      ['/checkout', 'shop.example.com'],
    ]) {
      const answer = await send('POST', path, { 'Content-Type': 'application/json', Host: host }, CHECKOUT);
      expect({ path, host, status: answer.status }).toEqual({ path, host, status: 200 });
      expect(JSON.parse(answer.text).meta.confirmation_url).toMatch(new RegExp(`^${SHOP.url}/orders/41\\.[A-Za-z0-9_-]{22}$`));
    }
  });

  it('answers an unknown store with the 404 page', async () => {
    const answer = await send('GET', '/s/nobody/');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers.location).toBeUndefined();
  });
});

describe("the platform's pages", () => {
  it.each(['localhost:8080', '127.0.0.1:8080'])('answer on the platform host %s', async (host) => {
    expect((await send('GET', '/signin', { Host: host })).status).toBe(200);
    expect(forwarded).toEqual([`${host} /signin`]);
  });

  it.each([SHOP_HOST, 'shop.example.com'])(
    "never answer on a store's host (%s): there, /signin and the others are the store's own 404 page",
    async (host) => {
      for (const path of ['/signin', '/signup', '/account', '/oauth/authorize?client_id=x']) {
        const answer = await send('GET', path, { Host: host });
        expect({ path, status: answer.status }).toEqual({ path, status: 404 });
        expect(answer.text).toBe(`<p>${path.split('?')[0]}</p>`);
      }
      expect((await send('POST', '/signin', { ...BROWSER_FORM, Host: host }, 'identifier=a&password=b')).status).toBe(404);
      expect(
        (await send('POST', '/oauth/token', { 'Content-Type': 'application/x-www-form-urlencoded', Host: host }, 'grant_type=x')).status,
      ).toBe(404);
      expect(forwarded).toEqual([]);
    },
  );

  it('never share a host with a store, even one claiming the platform host as its custom domain', async () => {
    const claimed = buyerBackends([{ ...SHOP, custom_domain: 'api.example.com' }]);
    const platform = await startTestServer(aGatewayApp(claimed.clients, claimed.identity, { publicUrl: 'https://api.example.com' }));
    try {
      const answer = await sendTo(platform.url, 'GET', '/', { Host: 'api.example.com' });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(claimed.lookups).toEqual([]);
    } finally {
      await platform.close();
    }
  });
});
