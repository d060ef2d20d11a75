import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.harness';
import { waitFor } from '@commerce/testing';
import { ApiClient } from '../support/api.client';
import { checkout, checkoutParams, stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { createStoreWithCli, REPO_ROOT, startStack, stackEnvironment, type JsonBody, type StackHandle } from '../support/stack.harness';

/**
 * Issue 15: the buyer site in a real browser (docs/buyer-site.md#pages). A buyer walks home → product → cart →
 * checkout → confirmation with the test card, on the store's own host (`<subdomain>.shops.localhost`, its `url`);
 * the owner then sees the order and the visit through the API; a changed layout and css show on the page; and the
 * site's defences hold against what a browser can be made to do. Origins: site-origins.browser.test.ts.
 */

/** A desktop browser's User-Agent: headless Chromium's own names itself, and the visit statistics do not count bots. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SCREENSHOTS = path.join(REPO_ROOT, 'test/output/buyer-site');
/** Nothing here is about the limits. */
const WIDE_OPEN = { CHECKOUT_BURST: '1000', CHECKOUT_PER_SECOND: '1000', RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' };
const HOSTILE_NAME = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">Mug';
const TEA = 'Green Tea';

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let shop: ApiClient;
let stocked: StockedShop;
let site: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-buyer-site-'));
  const env = { ...(await stackEnvironment(dataDir)), ...WIDE_OPEN };
  stack = await startStack(env);
  const owner = await createStoreWithCli(env, 'browsershop');
  shop = new ApiClient(stack.baseUrl, owner.api_key);
  site = owner.store.url;
  stocked = await stockShop(shop, [
    { name: TEA, cents: 1250, stock: [20] },
    { name: HOSTILE_NAME, cents: 800, stock: [5] },
  ]);
  // The storefront learns of products from catalog's events: wait until its home page lists both.
  await waitFor(
    async () => {
      const { text: home } = await requestSite(`${site}/`);
      return stocked.products.every((product) => home.includes(`/products/${product.id}`));
    },
    { timeoutMs: 30_000, message: 'the home page did not list the stocked products' },
  );
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const aBuyer = (): Promise<BrowserContext> => browser.newContext({ userAgent: USER_AGENT });

async function fillCheckout(page: Page, overrides: Record<string, string> = {}): Promise<void> {
  const fields: Record<string, string> = {
    '#email': 'ann@buyer.example',
    '#address_name': 'Ann Buyer',
    '#address_address_1': '1 Main St',
    '#address_city': 'Springfield',
    '#address_state': 'Illinois',
    '#address_postal': '12345',
    '#address_country': 'US',
    '#user_note': 'Leave it at the door',
    '#payment_token': 'tok_visa',
    ...overrides,
  };
  for (const [selector, value] of Object.entries(fields)) await page.fill(selector, value);
}

describe('a buyer in a real browser', () => {
  it('walks home → product → cart → checkout → confirmation with the test card; the owner sees the order and the visit', async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    const tea = stocked.products[0];

    const home = await page.goto(`${site}/`);
    expect(home?.status()).toBe(200);
    expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.locator(`.product-card[data-product-id="${tea.id}"] .name`).textContent()).resolves.toBe(TEA);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home.png'), fullPage: true });

    await Promise.all([page.waitForURL(`${site}/products/${tea.id}`), page.click(`.product-card[data-product-id="${tea.id}"] a`)]);
    await expect(page.locator('h1').textContent()).resolves.toBe(TEA);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'product.png'), fullPage: true });

    await page.fill('#quantity', '2');
    await Promise.all([page.waitForURL(`${site}/cart`), page.click('#add-to-cart')]);
    await expect(page.locator('.cart-item').count()).resolves.toBe(1);
    await expect(page.locator('#cart-count').textContent()).resolves.toBe('2');
    const cookies = await context.cookies();
    // Host-only (a domain without a leading dot): never sent to another store's host or the platform's.
    const own = { domain: 'browsershop.shops.localhost', path: '/', httpOnly: true, sameSite: 'Lax' };
    expect(
      cookies
        .map(({ name, domain, path: cookiePath, httpOnly, sameSite }) => ({ name, domain, path: cookiePath, httpOnly, sameSite }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'sc_cart', ...own },
      { name: 'sc_csrf', ...own },
      { name: 'sc_vid', ...own },
    ]);
    expect(cookies.find((cookie) => cookie.name === 'sc_cart')!.value).toBe(`${tea.variantIds[0]}-2`);

    await Promise.all([page.waitForURL(`${site}/checkout`), page.click('#checkout-link')]);
    await fillCheckout(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'checkout.png'), fullPage: true });
    await Promise.all([page.waitForURL(new RegExp(`^${site}/orders/\\d+\\.[A-Za-z0-9_-]{22}$`)), page.click('#place-order')]);

    await expect(page.locator('#order-status').textContent()).resolves.toBe('open');
    const orderId = Number((await page.locator('#order-id').textContent())!.replace('#', ''));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'confirmation.png'), fullPage: true });
    expect((await context.cookies()).map((cookie) => cookie.name).sort()).toEqual(['sc_csrf', 'sc_vid']);

    const listed = await shop.get('/v1/orders.json');
    expect(listed.status).toBe(200);
    const order = (listed.body.data.orders as JsonBody[]).find((candidate) => candidate.id === orderId);
    expect(order).toMatchObject({
      status: 'open',
      email: 'ann@buyer.example',
      user_note: 'Leave it at the door',
      address: expect.objectContaining({ name: 'Ann Buyer', country: 'US' }),
    });
    expect(order!.items).toEqual([{ item: expect.objectContaining({ variant_id: tea.variantIds[0], quantity: 2 }) }]);

    // The visit: the pages this buyer saw, counted by the storefront.
    const visits = await waitFor(
      async () => {
        const answer = await shop.get('/v1/store/visits.json');
        const days = (answer.body.data?.daily_visits ?? []) as Array<{ daily_visit: { visits: number; visitors: number } }>;
        const total = days.reduce(
          (sum, { daily_visit }) => ({ visits: sum.visits + daily_visit.visits, visitors: sum.visitors + daily_visit.visitors }),
          { visits: 0, visitors: 0 },
        );
        return answer.status === 200 && total.visits > 0 ? total : undefined;
      },
      { timeoutMs: 15_000, message: 'GET /v1/store/visits did not count the visit' },
    );
    // Its first page came without the cookie, the rest with it: one visit, one visitor (docs/visits.md#who-is-a-visitor).
    expect(visits).toEqual({ visits: 1, visitors: 1 });
    await context.close();
  });

  it("shows the owner's new layout and css once PUT /v1/store has them", async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    await page.goto(`${site}/`);
    const before = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    expect(before).not.toBe('rgb(1, 2, 3)');

    const layout = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ store.name }}</title>
<link rel="stylesheet" href="{{ links.css }}"></head>
<body><div id="owner-banner">Autumn sale at {{ store.name }}</div>{{ content_for_layout }}</body></html>`;
    const css = 'body { background-color: rgb(1, 2, 3); } #owner-banner { color: rgb(200, 100, 50); }';
    const updated = await shop.put('/v1/store.json', { use_default_layout: false, layout, css });
    expect(updated.status).toBe(200);

    await page.reload();
    await expect(page.locator('#owner-banner').textContent()).resolves.toBe('Autumn sale at Shop browsershop');
    expect(await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(1, 2, 3)');
    expect(await page.evaluate<string>("getComputedStyle(document.getElementById('owner-banner')).color")).toBe('rgb(200, 100, 50)');
    // The products are still there, inside the owner's layout.
    await expect(page.locator(`.product-card[data-product-id="${stocked.products[0].id}"] .name`).textContent()).resolves.toBe(TEA);

    expect((await shop.put('/v1/store.json', { use_default_layout: true, css: '' })).status).toBe(200);
    await context.close();
  });
});

describe('a headless checkout', () => {
  it("answers the confirmation page's address in meta.confirmation_url; a changed address is the 404 page", async () => {
    const placed = await checkout(
      stack.baseUrl,
      'browsershop',
      checkoutParams([{ variant_id: stocked.products[0].variantIds[0], quantity: 1 }]),
    );
    expect(placed.status).toBe(200);
    const url = placed.body!.meta.confirmation_url as string;
    // On the store's own site, as the storefront renders its url, though the checkout came by the path form.
    expect(url).toMatch(new RegExp(`^${site}/orders/${placed.body!.data.id}\\.[A-Za-z0-9_-]{22}$`));
    const context = await aBuyer();
    const page = await context.newPage();
    expect((await page.goto(url))?.status()).toBe(200);
    await expect(page.locator('#order-id').textContent()).resolves.toBe(`#${placed.body!.data.id}`);
    const forged = url.replace(
      /(\/orders\/\d+\.)([A-Za-z0-9_-])/,
      (_match, head: string, first: string) => `${head}${first === 'A' ? 'B' : 'A'}`,
    );
    expect(forged).not.toBe(url);
    expect((await page.goto(forged))?.status()).toBe(404);
    await expect(page.locator('#order-confirmation').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('the buyer site against attacks', () => {
  it('shows a script in a product name as text on the home and product pages, and runs nothing', async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    const hostile = stocked.products[1];
    await page.goto(`${site}/`);
    await expect(page.locator(`.product-card[data-product-id="${hostile.id}"] .name`).textContent()).resolves.toBe(HOSTILE_NAME);
    await page.goto(`${site}/products/${hostile.id}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(HOSTILE_NAME);
    expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();
    await context.close();
  });

  it('shows a script typed into the checkout form as text when the checkout is refused', async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    await page.goto(`${site}/products/${stocked.products[0].id}`);
    await Promise.all([page.waitForURL('**/cart'), page.click('#add-to-cart')]);
    await page.goto(`${site}/checkout`);
    const typed = '<script>window.__pwned = 3</script>Ann';
    await fillCheckout(page, { '#address_name': typed, '#address_city': '' });
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.click('#place-order'),
    ]);

    expect(answer.status()).toBe(422);
    await expect(page.locator('#checkout-error').isVisible()).resolves.toBe(true);
    await expect(page.locator('#address_city-error').textContent()).resolves.toBe("can't be blank");
    expect(await page.inputValue('#address_name')).toBe(typed);
    expect(await page.evaluate<unknown>('window.__pwned')).toBeUndefined();
    expect(
      (await shop.get('/v1/orders.json')).body.data.orders.filter(
        (order: { address?: { name?: string } }) => order.address?.name === typed,
      ),
    ).toEqual([]);
    await context.close();
  });

  it('places one order when the checkout form is sent twice at once (a double click): both lead to its confirmation', async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    await page.goto(`${site}/checkout`);
    const cookies = await context.cookies();
    const csrf = cookies.find((cookie) => cookie.name === 'sc_csrf')!.value;
    const form = new URLSearchParams({
      email: 'twice@buyer.example',
      'address[name]': 'Ann Buyer',
      'address[address_1]': '1 Main St',
      'address[city]': 'Springfield',
      'address[postal]': '12345',
      'address[country]': 'US',
      'items[0][variant_id]': String(stocked.products[0].variantIds[0]),
      'items[0][quantity]': '1',
      payment_token: 'tok_visa',
      csrf_token: csrf,
    });
    const send = () =>
      requestSite(`${site}/checkout`, {
        method: 'POST',
        headers: {
          cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
        },
        body: form.toString(),
      });

    const [first, second] = await Promise.all([send(), send()]);

    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.location).toBe(first.headers.location);
    const orders = (await shop.get('/v1/orders.json')).body.data.orders as JsonBody[];
    expect(orders.filter((order) => order.email === 'twice@buyer.example')).toHaveLength(1);
    await context.close();
  });

  it('refuses a wrong CSRF token, and a form another site posts (no SameSite=Lax cookie travels with it)', async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    await page.goto(`${site}/products/${stocked.products[0].id}`);
    const cookies = await context.cookies();
    const csrf = cookies.find((cookie) => cookie.name === 'sc_csrf')!.value;
    const variantId = String(stocked.products[0].variantIds[0]);

    // The buyer's own cookies with a wrong token (from node: the store's host is a *.localhost name).
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const wrong = await requestSite(`${site}/cart`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: `variant_id=${variantId}&csrf_token=${'A'.repeat(43)}`,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.headers['content-type']).toBe('text/html; charset=utf-8');

    // Another site (an opaque origin) posts the buyer's own token: the browser sends no cookie with it.
    const attacker = await context.newPage();
    await attacker.setContent(
      `<form method="post" action="${site}/cart"><input name="variant_id" value="${variantId}"><input ` +
        `name="csrf_token" value="${csrf}"><button id="go">go</button></form>`,
    );
    const [forged] = await Promise.all([attacker.waitForResponse(`${site}/cart`), attacker.click('#go')]);
    expect(forged.status()).toBe(403);
    expect((await context.cookies()).some((cookie) => cookie.name === 'sc_cart')).toBe(false);
    await context.close();
  });

  it("keeps each store's cart to its own host: another store's pages never see it", async () => {
    const other = await createStoreWithCli(stack.env, 'othershop');
    const otherShop = new ApiClient(stack.baseUrl, other.api_key);
    expect(otherShop.apiKey).not.toBe(shop.apiKey);
    const context = await aBuyer();
    const page = await context.newPage();
    await page.goto(`${site}/products/${stocked.products[0].id}`);
    await Promise.all([page.waitForURL('**/cart'), page.click('#add-to-cart')]);

    await page.goto(`${other.store.url}/cart`);
    await expect(page.locator('#cart-empty').isVisible()).resolves.toBe(true);
    const forOther = await context.cookies(`${other.store.url}/cart`);
    expect(forOther.map((cookie) => cookie.name).sort()).toEqual(['sc_csrf', 'sc_vid']);
    expect(forOther.every((cookie) => cookie.domain === 'othershop.shops.localhost')).toBe(true);
    await page.goto(`${site}/cart`);
    await expect(page.locator('.cart-item').count()).resolves.toBe(1);
    await context.close();
  });

  it('shows a closed store as its Maintenance page with 503, and an unknown store as a 404 page', async () => {
    const closing = await createStoreWithCli(stack.env, 'closedshop');
    expect((await new ApiClient(stack.baseUrl, closing.api_key).put('/v1/store.json', { storefront_open: false })).status).toBe(200);
    const context = await aBuyer();
    const page = await context.newPage();

    const closed = await waitFor(
      async () => {
        const answer = await page.goto(`${closing.store.url}/`);
        return answer?.status() === 503 ? answer : undefined;
      },
      { timeoutMs: 10_000, message: 'the closed store did not answer 503' },
    );
    expect(closed.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expect(page.locator('body').textContent()).resolves.toMatch(/maintenance|closed|back soon/i);

    const unknown = await page.goto(site.replace('browsershop.', 'nosuchshop.'));
    expect(unknown?.status()).toBe(404);
    expect(unknown?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expect(page.locator('h1').textContent()).resolves.toBeTruthy();
    await context.close();
  });

  it("leads the path form (/s/<subdomain>/) to the store's own host, setting no cookie on the platform's", async () => {
    const context = await aBuyer();
    const page = await context.newPage();
    const answer = await page.goto(`${stack.baseUrl}/s/browsershop/products/${stocked.products[0].id}`);
    expect(answer?.status()).toBe(200);
    expect(page.url()).toBe(`${site}/products/${stocked.products[0].id}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(TEA);
    expect(await context.cookies(stack.baseUrl)).toEqual([]);
    await context.close();
  });
});
