import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@commerce/testing';
import type { components } from '@commerce/sdk';
import { ApiClient } from '../support/api.client';
import { launchChromium } from '../support/browser.harness';
import { checkDashboardPage, watchPolicyViolations } from '../support/dashboard.harness';
import { stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

type ProductPhoto = components['schemas']['Product']['photos'][number];
type FulfilledItem = components['schemas']['Fulfillment']['items'][number];

/**
 * Issue 36: the owner's dashboard at /admin in a real browser (docs/dashboard.md). The owner signs in through identity
 * (PKCE, the first-party client), creates a product with photos, a buyer buys it on the buyer site, the owner sees the
 * order, ships part of it with tracking, refunds a line (seeing first what it comes to) and sees the visit on Home's chart;
 * every page is screenshot at desktop and phone width, checked by axe-core and by its own Content-Security-Policy;
 * sign-out revokes.
 */

/** A desktop browser's User-Agent: the visit statistics do not count headless Chromium's own, which names itself a bot. */
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const WIDE_OPEN = { CHECKOUT_BURST: '1000', CHECKOUT_PER_SECOND: '1000', RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' };
const PASSWORD = 'correct horse battery';

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let shop: ApiClient;
let stocked: StockedShop;
let site: string;
let owner: BrowserContext;
let page: Page;
let refused: string[];
/** PUBLIC_URL's origin (http://localhost:PORT): the dashboard's home, where sign-in comes back. */
let platform: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-dashboard-'));
  const env = { ...(await stackEnvironment(dataDir)), ...WIDE_OPEN };
  stack = await startStack(env);
  platform = new URL(stack.info().base_url).origin;
  const created = await createStoreWithCli(env, 'dashshop');
  shop = new ApiClient(stack.baseUrl, created.api_key);
  site = created.store.url;
  stocked = await stockShop(shop, [
    { name: 'Oolong', cents: 900, stock: [20] },
    { name: 'Matcha', cents: 3000, stock: [3] },
  ]);
  browser = await launchChromium();
  owner = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1280, height: 860 } });
  page = await owner.newPage();
  refused = await watchPolicyViolations(page);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The page's checks (test/support/dashboard.harness.ts): screenshots, phone width, axe-core, the CSP. */
const checkPage = (name: string) => checkDashboardPage(page, name, refused);

async function pngOf(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

describe('the owner dashboard', () => {
  let productId: number;
  let orderId: number;

  it('signs the owner in through identity with PKCE and lands on Home with the visit charts', async () => {
    // Opened by another name of the machine, it moves to PUBLIC_URL's host first.
    await page.goto(`${stack.baseUrl}/admin/orders`);
    await page.waitForURL(/\/signin\?/);
    expect(new URL(page.url()).origin).toBe(platform);
    await page.fill('#identifier', 'dashshop@example.com');
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL(`${platform}/admin/orders`), page.click('button[type="submit"]')]);
    // The callback's page holds the address until the app has drawn the page it was asked for.
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.locator('.brand', { hasText: 'Shop dashshop' }).waitFor();

    await page.getByRole('link', { name: 'Home' }).click();
    await page.locator('figcaption', { hasText: 'Visits by week, last 8 weeks' }).waitFor();
    await expect(page.locator('figure.chart svg').count()).resolves.toBe(2);
    // Low stock (at most 5): Matcha's 3, not Oolong's 20; catalog's stock list follows its events, so look again until it shows.
    await waitFor(
      async () => {
        await page.reload();
        await page.getByRole('heading', { name: 'Low stock' }).waitFor();
        return (await page.getByRole('row', { name: /Matcha/ }).count()) === 1;
      },
      { timeoutMs: 15_000, intervalMs: 500, message: 'Matcha in the low-stock list' },
    );
    await expect(
      page
        .getByRole('row', { name: /Matcha/ })
        .getByRole('cell')
        .allTextContents(),
    ).resolves.toEqual(['Matcha', 'Default', '3']);
    await expect(page.getByRole('row', { name: /Oolong/ }).count()).resolves.toBe(0);
    await checkPage('home');
  });

  it('creates a product, then adds photos by drag and drop and by the file picker, reorders them and sets its stock', async () => {
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { name: 'Add product' }).waitFor();
    await checkPage('product-new');

    // A refusal shows beside the field it names.
    await page.fill('input[name="name"]', 'Dashboard Tea');
    await page.fill('input[name="price"]', 'twelve');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.locator('#price-error').textContent()).resolves.toMatch(/./);

    await page.fill('input[name="price"]', '12.50');
    await page.selectOption('select[name="shipping_group_id"]', String(stocked.groupId));
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    productId = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Dashboard Tea' }).waitFor();

    const green = (await pngOf('#2e8b57')).toString('base64');
    // What a browser hands the page when a file is dropped on it.
    const dropped = await page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob('${green}'), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'green.png', { type: 'image/png' }));
      return transfer;
    })()`);
    await page.dispatchEvent('.drop-zone', 'drop', { dataTransfer: dropped });
    await page.getByText('Uploaded 1 photo.').waitFor();
    await page.setInputFiles('input[type="file"]', { name: 'red.png', mimeType: 'image/png', buffer: await pngOf('#b22222') });
    await page.getByAltText('Photo 2 of Dashboard Tea').waitFor();
    const before = (await shop.get(`/v1/products/${productId}.json`)).body.data.photos.map((entry: ProductPhoto) => entry.photo.id);
    expect(before).toHaveLength(2);

    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await page.getByText('Photo moved to place 1.').waitFor();
    const after = (await shop.get(`/v1/products/${productId}.json`)).body.data.photos.map((entry: ProductPhoto) => entry.photo.id);
    expect(after).toEqual([before[1], before[0]]);

    const defaultVariant = page.getByRole('form', { name: 'Variant Default' });
    await defaultVariant.locator('input[name="in_stock"]').fill('10');
    await defaultVariant.getByRole('button', { name: 'Save' }).click();
    const outcome = page
      .locator('.notice', { hasText: 'Saved variant “Default”.' })
      .or(defaultVariant.locator('.field-error, .form-error'));
    await outcome.first().waitFor();
    await expect(outcome.first().textContent()).resolves.toBe('Saved variant “Default”.');
    const saved = (await shop.get(`/v1/products/${productId}.json`)).body.data;
    expect(saved).toMatchObject({ name: 'Dashboard Tea', cents: 1250, shipping_group: { id: stocked.groupId } });
    expect(saved.variants[0].variant.in_stock).toBe(10);
    await checkPage('product');

    await page.getByRole('link', { name: '← Products' }).click();
    await page.getByRole('link', { name: 'Dashboard Tea' }).waitFor();
    await checkPage('products');

    await page.getByRole('searchbox').fill('dashboard');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=dashboard/);
    await page.getByRole('link', { name: 'Oolong' }).waitFor({ state: 'detached' });
    await expect(page.locator('table.list tbody tr').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Dashboard Tea' }).count()).resolves.toBe(1);
  });

  it('shows the order a buyer placed on the buyer site, ships part of it with tracking and refunds a line', async () => {
    // The owner looks at the orders first: the list the tab holds is then older than the buyer's order, and must not be
    // what the next visit shows (docs/dashboard.md#pages).
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByText('No orders yet.').waitFor();
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    const buyer = await browser.newContext({ userAgent: USER_AGENT });
    const store = await buyer.newPage();
    await waitFor(async () => (await requestSite(`${site}/`)).text.includes(`/products/${productId}`), {
      timeoutMs: 30_000,
      message: 'the buyer site listing the dashboard product',
    });
    for (const id of [productId, stocked.products[0].id]) {
      await store.goto(`${site}/products/${id}`);
      await Promise.all([store.waitForURL(`${site}/cart`), store.click('#add-to-cart')]);
    }
    await Promise.all([store.waitForURL(`${site}/checkout`), store.click('#checkout-link')]);
    const fields: Record<string, string> = {
      '#email': 'ann@buyer.example',
      '#address_name': 'Ann Buyer',
      '#address_address_1': '1 Main St',
      '#address_city': 'Springfield',
      '#address_state': 'Illinois',
      '#address_postal': '12345',
      '#address_country': 'US',
      '#payment_token': 'tok_visa',
    };
    for (const [selector, value] of Object.entries(fields)) await store.fill(selector, value);
    await Promise.all([store.waitForURL(/\/orders\/\d+\./), store.click('#place-order')]);
    orderId = Number((await store.locator('#order-id').textContent())!.replace('#', ''));
    await buyer.close();

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: `#${orderId}` }).click();
    await page.getByRole('heading', { name: new RegExp(`Order #${orderId}`) }).waitFor();
    await checkPage('order');

    const ship = page.getByRole('group', { name: 'Lines to ship' });
    await ship.getByRole('checkbox', { name: /Oolong/ }).uncheck();
    await page.fill('input[name="tracking_number"]', '1Z999AA10123456784');
    await page.fill('input[name="shipping_company"]', 'UPS');
    await page.getByRole('button', { name: 'Ship 1 line' }).click();
    await page.getByText(`Shipped 1 line of order #${orderId}.`).waitFor();
    await page.getByText('UPS 1Z999AA10123456784').waitFor();

    // What a refund comes to is calculated by the API as the owner chooses; its refusal shows beside the field it names.
    const preview = page.locator('output.refund-preview');
    await page.fill('input[name="amount"]', '100000');
    await page.locator('#amount_in_cents-error', { hasText: /^is more than the \d+ left to refund$/ }).waitFor();
    await expect(preview.textContent()).resolves.toBe('');
    await page.fill('input[name="amount"]', '');
    await page.locator('#amount_in_cents-error').waitFor({ state: 'detached' });
    const refund = page.getByRole('group', { name: 'Units to refund' });
    await refund.getByRole('spinbutton').last().fill('1');
    const calculated = /^Refund of (\$9\.\d\d), leaving (\$[\d,]+\.\d\d) to refund\.$/;
    await page.locator('output.refund-preview', { hasText: calculated }).waitFor();
    const [, previewAmount, previewLeft] = calculated.exec((await preview.textContent())!)!;
    await page.fill('input[name="note"]', 'Damaged in transit');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText(`Refunded ${previewAmount} on order #${orderId}.`).waitFor();

    const order = (await shop.get(`/v1/orders/${orderId}.json`)).body.data;
    expect(order.status).toBe('Partially Shipped');
    expect(order.fulfillments).toHaveLength(1);
    expect(order.fulfillments[0]).toMatchObject({ tracking_number: '1Z999AA10123456784', shipping_company: 'UPS', notify_customer: true });
    expect(order.fulfillments[0].items.map((entry: FulfilledItem) => entry.item.product_id)).toEqual([productId]);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ note: 'Damaged in transit', items: [{ quantity: 1 }] });
    // The refund made is the one previewed, and leaves what the preview said.
    expect(`$${order.refunds[0].amount}`).toBe(previewAmount);
    expect(`$${((Math.round(Number(order.price) * 100) - order.refunded) / 100).toFixed(2)}`).toBe(previewLeft);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    const history = page.locator('ol.history');
    await history.getByText('Refund made').waitFor();
    await expect(history.locator('li').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringMatching(/Order placed$/), expect.stringMatching(/Payment received$/)]),
    );
    await checkPage('order-shipped');

    await page.getByRole('link', { name: '← Orders' }).click();
    await page.getByRole('link', { name: `#${orderId}` }).waitFor();
    await checkPage('orders');

    await page.getByRole('searchbox').fill('nobody@else');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No order matches “nobody@else”.').waitFor();
    await page.getByRole('searchbox').fill('ANN@buyer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: `#${orderId}` }).waitFor();
  });

  it("shows today's sale and the buyer's visit on Home", async () => {
    await page.goto(`${platform}/admin/`);
    const today = page.locator('.figure', { hasText: 'Today' });
    await today.getByText('1 order', { exact: true }).waitFor();
    await expect(today.locator('strong').textContent()).resolves.toMatch(/^\$\d+\.\d\d$/);
    await waitFor(
      async () => {
        await page.goto(`${platform}/admin/`);
        await page.locator('figcaption', { hasText: 'Visits by day, last 7 days' }).waitFor();
        const cells = await page.locator('figure.chart').last().locator('tbody td:first-of-type').allTextContents();
        return cells.some((cell) => Number(cell) > 0);
      },
      { timeoutMs: 30_000, intervalMs: 1_000, message: 'a visit on the daily chart' },
    );
  });

  it('signs out: the grant is revoked and /admin asks for the password again', async () => {
    const tokens = await page.evaluate<string | null>("sessionStorage.getItem('commerce.dashboard.tokens')");
    const { accessToken } = JSON.parse(tokens!) as { accessToken: string };
    expect((await fetch(`${stack.baseUrl}/v1/store`, { headers: { Authorization: `Bearer ${accessToken}` } })).status).toBe(200);

    await page.getByRole('button', { name: 'Sign out' }).click();
    // Identity's own page ends the browser session (its form carries identity's CSRF token).
    await page.waitForURL(`${platform}/signout`);
    await waitFor(
      async () => (await fetch(`${stack.baseUrl}/v1/store`, { headers: { Authorization: `Bearer ${accessToken}` } })).status === 401,
      { timeoutMs: 10_000, message: 'the revoked access token refused' },
    );
    await Promise.all([page.waitForURL(/\/signin/), page.getByRole('button', { name: 'Sign out' }).click()]);
    await page.goto(`${platform}/admin`);
    await page.waitForURL(/\/signin\?/);
    await expect(page.locator('#password').isVisible()).resolves.toBe(true);
  });
});
