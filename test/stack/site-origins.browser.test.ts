import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@commerce/testing';
import { ApiClient } from '../support/api.client';
import { launchChromium, resolveToThisMachine } from '../support/browser.harness';
import { stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { createStoreWithCli, startStack, stackEnvironment, type CreatedStore, type StackHandle } from '../support/stack.harness';

/**
 * Issue 30, part 3: a store's markup never shares an origin with the platform's pages (docs/buyer-site.md#one-origin-per-store).
 * In Chromium, through the whole stack: the sign-in page answers on the platform host only, its session cookie is
 * host-only and never reaches a store's host, and a store's page can post nothing but its own site's forms.
 */

const PASSWORD = 'correct horse battery';
const CUSTOM_DOMAIN = 'originshop.example.test';

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let owner: CreatedStore;
let other: CreatedStore;
let stocked: StockedShop;
/** PUBLIC_URL, as the launcher sets it: the platform's address. */
let platform: string;
let customSite: string;

/**
 * A custom page of the store: a sign-in look-alike posting to the platform, a form posting to another store, and a
 * "buy now" form of its own.
 */
const lookAlikePage = (variantId: number) => `<h1 id="look-alike">Sign in to Store Commerce</h1>
<form method="post" action="${platform}/signin"><input id="identifier" name="identifier">
<input type="password" id="password" name="password"><button id="to-platform">Sign in</button></form>
<form method="post" action="${other.store.url}/checkout"><input name="user_note" value="x"><button id="to-other-store">Go</button></form>
<form method="post" action="{{ base }}/checkout"><input type="hidden" name="csrf_token" value="{{ csrf_token }}">
<input type="hidden" name="items[0][variant_id]" value="${variantId}"><input type="hidden" name="items[0][quantity]" value="1">
<input name="email" value="not an e-mail"><button id="buy-now">Buy now</button></form>`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-site-origins-'));
  const env = await stackEnvironment(dataDir);
  stack = await startStack(env);
  platform = stack.env.PUBLIC_URL ?? `http://localhost:${new URL(stack.baseUrl).port}`;
  customSite = `http://${CUSTOM_DOMAIN}:${new URL(stack.baseUrl).port}`;
  owner = await createStoreWithCli(env, 'originshop');
  other = await createStoreWithCli(env, 'othershop');
  const shop = new ApiClient(stack.baseUrl, owner.api_key);
  stocked = await stockShop(shop, [{ name: 'Green Tea', cents: 1250, stock: [20] }]);
  expect((await shop.put('/v1/store.json', { custom_domain: CUSTOM_DOMAIN })).status).toBe(200);
  const page = await shop.post('/v1/store/templates.json', {
    name: 'Sign in',
    permalink: 'sign-in',
    content: lookAlikePage(stocked.products[0].variantIds[0]),
  });
  expect(page.status).toBe(200);
  // The storefront learns of products from catalog's events: wait until the product's page is there.
  await waitFor(async () => (await requestSite(`${owner.store.url}/products/${stocked.products[0].id}`)).status === 200, {
    timeoutMs: 30_000,
    message: 'the product page',
  });
  browser = await launchChromium([resolveToThisMachine(CUSTOM_DOMAIN)]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${platform}/signin?return_to=%2Faccount`);
  await page.fill('#identifier', owner.user.email);
  await page.fill('#password', PASSWORD);
  await Promise.all([page.waitForURL(`${platform}/account`), page.click('button[type=submit]')]);
}

describe("a store's url", () => {
  it('is the address storectl printed, and it opens in a browser', async () => {
    expect(owner.store.url).toBe(`http://originshop.shops.localhost:${new URL(stack.baseUrl).port}`);
    const page = await browser.newPage();
    expect((await page.goto(owner.store.url))?.status()).toBe(200);
    await expect(page.locator('.site-name').textContent()).resolves.toBe('Shop originshop');
    await page.close();
  });
});

describe("the platform's pages", () => {
  it("answer on the platform host only: on a store's host and its custom domain, /signin is the store's 404 page", async () => {
    const page = await browser.newPage();
    expect((await page.goto(`${platform}/signin`))?.status()).toBe(200);
    await expect(page.locator('input[type=password]').count()).resolves.toBe(1);
    for (const site of [owner.store.url, customSite]) {
      for (const pagePath of ['/signin', '/signup', '/account']) {
        const answer = await page.goto(`${site}${pagePath}`);
        expect({ site, pagePath, status: answer?.status() }).toEqual({ site, pagePath, status: 404 });
        await expect(page.locator('input[type=password]').count()).resolves.toBe(0);
        await expect(page.locator('#not-found').count()).resolves.toBe(1);
      }
    }
    await page.close();
  });

  it("keep their session cookie to the platform host: host-only, and never sent to a store's host", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const session = (await context.cookies(platform)).find((cookie) => cookie.name === 'sc_session');
    // Host-only: the domain without a leading dot.
    expect(session).toMatchObject({ domain: new URL(platform).hostname, path: '/', httpOnly: true, sameSite: 'Lax' });

    for (const site of [owner.store.url, customSite]) {
      const [request] = await Promise.all([page.waitForRequest(`${site}/account`), page.goto(`${site}/account`)]);
      expect({ site, cookie: (await request.allHeaders()).cookie ?? '' }).toEqual({
        site,
        cookie: expect.not.stringContaining('sc_session'),
      });
      expect((await context.cookies(site)).map((cookie) => cookie.name)).not.toContain('sc_session');
      await expect(page.locator('input[type=password]').count()).resolves.toBe(0);
    }
    await context.close();
  });
});

describe("a store's page", () => {
  /** Clicks a button whose form the page's Content-Security-Policy refuses to send; answers the POSTs the browser made. */
  async function clickRefusedForm(page: Page, button: string): Promise<string[]> {
    const posts: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
    const refusal = page.waitForEvent('console', (message) => message.text().includes("form-action 'self'"));
    // A click's event, not page.click(): that waits for a navigation, and a refused form starts none.
    await page.locator(button).dispatchEvent('click');
    await refusal;
    return posts;
  }

  it("lives on the store's origin, apart from the platform's sign-in; cannot post a form to the platform or another store", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The path form leads to the store's own origin: no store page is ever on the platform's.
    await page.goto(`${stack.baseUrl}/s/originshop/pages/sign-in`);
    expect(page.url()).toBe(`${owner.store.url}/pages/sign-in`);
    expect(new URL(page.url()).origin).not.toBe(new URL(platform).origin);
    await expect(page.locator('#look-alike').count()).resolves.toBe(1);

    await page.fill('#identifier', owner.user.email);
    await page.fill('#password', PASSWORD);
    expect(await clickRefusedForm(page, '#to-platform')).toEqual([]);
    expect(await clickRefusedForm(page, '#to-other-store')).toEqual([]);
    expect(page.url()).toBe(`${owner.store.url}/pages/sign-in`);
    await context.close();
  });

  it('posts its own checkout form; a refusal of the lines it sent shows its errors and those lines', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${owner.store.url}/pages/sign-in`);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.click('#buy-now'),
    ]);

    expect(answer.url()).toBe(`${owner.store.url}/checkout`);
    expect(answer.status()).toBe(422);
    await expect(page.locator('#checkout-error').isVisible()).resolves.toBe(true);
    await expect(page.locator('#email-error').isVisible()).resolves.toBe(true);
    await expect(page.locator('#checkout-items tr').allTextContents()).resolves.toEqual([expect.stringContaining('Green Tea')]);
    await context.close();
  });
});

// Last: identity goes down for good.
describe('identity unreachable', () => {
  it('makes its pages a 503 page and its token endpoint a 503 in the OAuth error shape', async () => {
    await stack.killService('identity');
    const signin = await fetch(`${stack.baseUrl}/signin`);
    expect(signin.status).toBe(503);
    expect(signin.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(signin.headers.get('retry-after')).toBe('5');
    expect(await signin.text()).toContain('Sign-in is unavailable right now');
    const token = await fetch(`${stack.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(503);
    expect(await token.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'The authorization server is unavailable; try again shortly',
    });
  });
});
