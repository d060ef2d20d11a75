import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@commerce/testing';
import type { components } from '@commerce/sdk';
import { ApiClient } from '../support/api.client';
import { launchChromium } from '../support/browser.harness';
import { checkDashboardPage, signInToDashboard, watchPolicyViolations } from '../support/dashboard.harness';
import { stockShop, type StockedShop } from '../support/orders.fixture';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

type ShippingClass = components['schemas']['ShippingClass'];
type ShippingGroup = components['schemas']['ShippingGroup'];

/**
 * Issue 36, the owner's catalog and money settings in a real browser (docs/dashboard.md#collections and the pages after
 * it): shipping classes, groups and their rates; a tax rate and prices with tax included; a discount code; a collection
 * filled from the product page and from its own page, reordered from the keyboard and deleted. Each step is checked
 * against what the API then holds, and every page is screenshot and checked by axe-core and its own CSP.
 */

const WIDE_OPEN = { RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' };
/**
 * Three zones: the machine's (UTC), the browser's and the store's. The owner types and reads times in the store's
 * (docs/dashboard.md#times), whatever the other two.
 */
const STORE_ZONE = 'America/New_York';
const BROWSER_ZONE = 'Asia/Kolkata';

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let shop: ApiClient;
let stocked: StockedShop;
let page: Page;
let refused: string[];
let platform: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-dashboard-catalog-'));
  const env = { ...(await stackEnvironment(dataDir)), ...WIDE_OPEN };
  stack = await startStack(env);
  platform = new URL(stack.info().base_url).origin;
  const created = await createStoreWithCli(env, 'catshop');
  shop = new ApiClient(stack.baseUrl, created.api_key);
  stocked = await stockShop(shop, [
    { name: 'Oolong', cents: 900, stock: [5] },
    { name: 'Sencha', cents: 1100, stock: [5] },
    { name: 'Matcha', cents: 2400, stock: [5] },
  ]);
  expect((await shop.put('/v1/store.json', { time_zone: STORE_ZONE })).status).toBe(200);
  // Orders renders its times in the zone once the storefront's change reaches it (docs/orders.md#sales-summary).
  await waitFor(
    async () => {
      const summary = await shop.get(`/v1/orders/summary.json?created_at_min=0&created_at_max=86400`);
      return /-0[45]:00$/.test(summary.body.data.created_at_max);
    },
    { timeoutMs: 15_000, intervalMs: 100, message: `orders to render times in ${STORE_ZONE}` },
  );
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 860 }, timezoneId: BROWSER_ZONE })).newPage();
  refused = await watchPolicyViolations(page);
  // Every destructive action asks first; the owner says yes.
  page.on('dialog', (dialog) => void dialog.accept());
  await signInToDashboard(page, platform, { email: 'catshop@example.com', password: 'correct horse battery' }, '/admin/shipping');
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const checkPage = (name: string) => checkDashboardPage(page, name, refused);
const data = async (url: string) => (await shop.get(url)).body.data;
const notice = (text: string) => page.locator('.notice', { hasText: text }).waitFor();
const productId = (name: string) => stocked.products.find((product) => product.name === name)!.id;

describe('the dashboard’s shipping, taxes, discount codes and collections', () => {
  it('adds a shipping class (a wrong country refused beside it), a group and their rate; a group in use is not deleted', async () => {
    await page.getByRole('heading', { name: 'Shipping', level: 1 }).waitFor();

    const newClass = page.getByRole('form', { name: 'New shipping class' });
    await newClass.getByLabel('Name').fill('Express');
    await newClass.getByLabel(/Countries/).fill('us, uk');
    await newClass.getByRole('button', { name: 'Add class' }).click();
    await expect(page.locator('#new-class-countries-error').textContent()).resolves.toMatch(/"UK"/);
    await newClass.getByLabel(/Countries/).fill('us, ca');
    await newClass.getByRole('button', { name: 'Add class' }).click();
    await notice('Added shipping class “Express”.');

    const newGroup = page.getByRole('form', { name: 'New shipping group' });
    await newGroup.getByLabel('Name').fill('Posters');
    await newGroup.getByRole('button', { name: 'Add group' }).click();
    await notice('Added shipping group “Posters”.');

    const cell = page.getByRole('form', { name: 'Rate of Posters with Express' });
    await cell.getByLabel('First item, Posters with Express').fill('6.50');
    await cell.getByLabel('Each additional item, Posters with Express').fill('2');
    await cell.getByRole('button', { name: 'Save the rate of Posters with Express' }).click();
    await notice('Saved the rate of “Posters” with “Express”.');

    const classes = (await data('/v1/shipping_classes.json')).shipping_classes as ShippingClass[];
    const express = classes.find((each) => each.name === 'Express')!;
    expect(express.countries).toEqual(['US', 'CA']);
    const groups = (await data('/v1/shipping_groups.json')).shipping_groups as ShippingGroup[];
    expect(groups.find((each) => each.name === 'Posters')!.shipping_rates).toEqual([
      { shipping_rate: { shipping_class_id: express.id, first_item_in_cents: 650, additional_item_in_cents: 200 } },
    ]);

    // Standard holds the three products: the API refuses with 409, shown in that group's row.
    const standard = page.getByRole('form', { name: 'Shipping group Standard' });
    await standard.getByRole('button', { name: 'Delete' }).click();
    await expect(standard.locator('.form-error').textContent()).resolves.toMatch(/used by 3 products/);
    expect((await shop.get(`/v1/shipping_groups/${stocked.groupId}.json`)).status).toBe(200);
    await checkPage('shipping');
  });

  it('adds a tax rate and says prices include tax', async () => {
    await page.getByRole('link', { name: 'Taxes' }).click();
    await page.getByRole('heading', { name: 'Taxes', level: 1 }).waitFor();
    const newRate = page.getByRole('form', { name: 'New tax rate' });
    await newRate.getByLabel('Country').fill('us');
    await newRate.getByLabel('State').fill('ny');
    await newRate.getByLabel('Name').fill('NY sales tax');
    await newRate.getByLabel('Rate (%)').fill('8.875');
    await newRate.getByLabel('Tax shipping too').check();
    await newRate.getByRole('button', { name: 'Add rate' }).click();
    await notice('Added tax rate “NY sales tax”.');
    await page.getByRole('form', { name: 'Tax rate NY sales tax' }).waitFor();

    await page.getByLabel('The prices I enter include tax').check();
    await page.getByRole('form', { name: 'Prices' }).getByRole('button', { name: 'Save' }).click();
    await notice('Prices now include tax.');

    expect((await data('/v1/tax_rates.json')).tax_rates).toEqual([
      expect.objectContaining({ country: 'US', state: 'NY', name: 'NY sales tax', rate: 8.875, applies_to_shipping: true }),
    ]);
    expect((await data('/v1/store.json')).prices_include_tax).toBe(true);
    await checkPage('taxes');
  });

  it("refuses a discount code beside its field, then creates it in the store's time and lists it with its uses", async () => {
    await page.getByRole('link', { name: 'Discounts' }).click();
    await page.getByRole('link', { name: 'Add discount code' }).click();
    await page.getByRole('heading', { name: 'Add discount code' }).waitFor();
    await checkPage('discount-new');

    await page.fill('input[name="code"]', 'SUMMER 10');
    await page.getByLabel('Percent off').fill('12.5');
    await page.getByRole('button', { name: 'Create discount code' }).click();
    await expect(page.locator('#code-error').textContent()).resolves.toMatch(/./);

    await page.fill('input[name="code"]', 'SUMMER-10');
    await page.getByLabel(/Minimum subtotal/).fill('50');
    await page.getByLabel(/Usage limit/).fill('100');
    await page.getByLabel(/Once per buyer/).check();
    // New York's summer (-4) and winter (-5) time, typed in a browser in Kolkata's on a machine in UTC.
    await page.getByLabel(`Starts, ${STORE_ZONE} time (blank for now)`).fill('2026-07-01T09:00');
    await page.getByLabel(`Ends, ${STORE_ZONE} time (blank for never)`).fill('2026-12-01T17:30');
    await page.getByRole('button', { name: 'Create discount code' }).click();
    await page.waitForURL(/\/admin\/discounts\/\d+$/);
    const discountId = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'SUMMER-10', level: 1 }).waitFor();
    const created = await data(`/v1/discounts/${discountId}.json`);
    expect([created.starts_at, created.ends_at]).toEqual(['2026-07-01T09:00:00-04:00', '2026-12-01T17:30:00-05:00']);
    expect([Date.parse(created.starts_at), Date.parse(created.ends_at)]).toEqual([
      Date.parse('2026-07-01T13:00:00Z'),
      Date.parse('2026-12-01T22:30:00Z'),
    ]);
    expect(created).toMatchObject({
      code: 'SUMMER-10',
      kind: 'percentage',
      value: 12.5,
      minimum_subtotal: 5000,
      product_ids: [],
      usage_limit: 100,
      once_per_customer: true,
      times_used: 0,
    });
    await checkPage('discount');

    // 02:30 on 2026-03-08 is skipped in New York (02:00 → 03:00): it is read as 03:30 EDT, and shown so.
    await page.getByLabel(/^Starts/).fill('2026-03-08T02:30');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await notice('Saved discount code “SUMMER-10”.');
    expect(Date.parse((await data(`/v1/discounts/${discountId}.json`)).starts_at)).toBe(Date.parse('2026-03-08T07:30:00Z'));
    await page.reload();
    await expect(page.getByLabel(/^Starts/).inputValue()).resolves.toBe('2026-03-08T03:30');
    await expect(page.getByLabel(/^Ends/).inputValue()).resolves.toBe('2026-12-01T17:30');

    await page.getByRole('link', { name: '← Discount codes' }).click();
    const row = page.getByRole('row', { name: /SUMMER-10/ });
    await expect(row.getByRole('cell').last().textContent()).resolves.toBe('0 of 100 (once each)');
    // The store's wall clock, named by its offset (\s: the browser's ICU may space "AM" with a narrow space).
    const active = (await row.getByRole('cell').nth(4).textContent())!.replace(/\s/g, ' ');
    expect(active).toBe('Mar 8, 2026, 3:30 AM UTC\u22124 – Dec 1, 2026, 5:30 PM UTC\u22125');
    await checkPage('discounts');
  });

  it('makes a collection, fills it from the product page and its own page, reorders it from the keyboard and deletes it', async () => {
    await page.getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('link', { name: 'Add collection' }).click();
    await checkPage('collection-new');
    await page.getByLabel('Name').fill('Teas');
    await page.getByLabel('Description').fill('Loose leaf');
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.waitForURL(/\/admin\/collections\/\d+$/);
    const collectionId = Number(/(\d+)$/.exec(page.url())![1]);
    const members = async () => (await data(`/v1/collections/${collectionId}.json`)).products;

    // From the collection's page: picked from the store's products.
    for (const name of ['Sencha', 'Matcha']) {
      await page.getByLabel('Add a product').selectOption({ label: name });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await notice(`Added “${name}” to the collection.`);
    }
    // From the product page: a checkbox per collection, saved as it changes.
    await page.goto(`${platform}/admin/products/${productId('Oolong')}`);
    const choices = page.getByRole('group', { name: 'Collections' });
    await choices.getByLabel('Teas').check();
    await notice('Added “Oolong” to “Teas”.');
    expect(await members()).toEqual([productId('Sencha'), productId('Matcha'), productId('Oolong')]);
    expect((await data(`/v1/products/${productId('Oolong')}.json`)).collections).toEqual([collectionId]);
    await checkPage('product-collections');

    await page.goto(`${platform}/admin/collections/${collectionId}`);
    await page.getByRole('link', { name: 'Oolong' }).waitFor();
    // ↑ from the keyboard twice: the button keeps the focus after the first move.
    await page.getByRole('button', { name: 'Move Oolong up' }).focus();
    await page.keyboard.press('Enter');
    await notice('Moved “Oolong” to place 2.');
    await page.waitForFunction(`document.activeElement?.getAttribute('aria-label') === 'Move Oolong up'`);
    await page.keyboard.press('Enter');
    await notice('Moved “Oolong” to place 1.');
    expect(await members()).toEqual([productId('Oolong'), productId('Sencha'), productId('Matcha')]);

    await page.getByRole('button', { name: 'Take Matcha out of the collection' }).click();
    await notice('Took “Matcha” out of the collection.');
    expect(await members()).toEqual([productId('Oolong'), productId('Sencha')]);
    expect((await data(`/v1/products/${productId('Matcha')}.json`)).collections).toEqual([]);
    await checkPage('collection');

    await page.getByRole('link', { name: '← Collections' }).click();
    await expect(page.getByRole('row', { name: /Teas/ }).getByRole('cell').nth(1).textContent()).resolves.toBe('2');
    await checkPage('collections');

    await page.getByRole('link', { name: 'Teas' }).click();
    await page.getByRole('button', { name: 'Delete collection' }).click();
    await notice('Collection “Teas” deleted.');
    await page.waitForURL(`${platform}/admin/collections`);
    expect((await shop.get(`/v1/collections/${collectionId}.json`)).status).toBe(404);
    expect((await data(`/v1/products/${productId('Oolong')}.json`)).collections).toEqual([]);
  });
});
