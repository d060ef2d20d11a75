import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { waitFor } from '@commerce/testing';
import { launchChromium } from '../support/browser.harness';
import { ApiClient } from '../support/api.client';
import { stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { createStoreWithCli, REPO_ROOT, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

/**
 * Issue 32 item 4 (docs/orders.md#the-quote): on the buyer site's checkout page a buyer sees shipping, the discount, the
 * tax and the total before "Place order", with a discount code field; the order placed is exactly that total.
 */

const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SCREENSHOTS = path.join(REPO_ROOT, 'test/output/checkout-quote');
const WIDE_OPEN = { CHECKOUT_BURST: '1000', CHECKOUT_PER_SECOND: '1000', RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' };

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let shop: ApiClient;
let stocked: StockedShop;
let site: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-checkout-quote-'));
  const env = { ...(await stackEnvironment(dataDir)), ...WIDE_OPEN };
  stack = await startStack(env);
  const owner = await createStoreWithCli(env, 'quoteshop');
  shop = new ApiClient(stack.baseUrl, owner.api_key);
  site = owner.store.url;
  stocked = await stockShop(shop, [{ name: 'Green Tea', cents: 1250, stock: [20] }]);
  expect(
    (await shop.post('/v1/tax_rates.json', { country: 'US', state: 'IL', name: 'Illinois tax', rate: 6.25, applies_to_shipping: true }))
      .status,
  ).toBe(200);
  expect((await shop.post('/v1/discounts.json', { code: 'TEA10', kind: 'percentage', value: 10 })).status).toBe(200);
  await waitFor(async () => (await requestSite(`${site}/`)).text.includes(`/products/${stocked.products[0]!.id}`), {
    timeoutMs: 30_000,
    message: 'the home page did not list the product',
  });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('shows the total with shipping, the code and the tax before "Place order", and places exactly that total', async () => {
  const context = await browser.newContext({ userAgent: USER_AGENT });
  const page = await context.newPage();
  const tea = stocked.products[0]!;
  await page.goto(`${site}/products/${tea.id}`);
  await page.fill('#quantity', '2');
  await Promise.all([page.waitForURL(`${site}/cart`), page.click('#add-to-cart')]);
  await Promise.all([page.waitForURL(`${site}/checkout`), page.click('#checkout-link')]);
  await expect(page.locator('#quote-hint').isVisible()).resolves.toBe(true);

  const fields: Record<string, string> = {
    '#email': 'ann@buyer.example',
    '#address_name': 'Ann Buyer',
    '#address_address_1': '1 Main St',
    '#address_city': 'Springfield',
    '#address_state': 'IL',
    '#address_postal': '12345',
    '#address_country': 'US',
    '#discount_code': 'nope',
    '#payment_token': 'tok_visa',
  };
  for (const [selector, value] of Object.entries(fields)) await page.fill(selector, value);
  // A code the store does not have: the page again, saying so beside the field, the rest as typed.
  await Promise.all([page.waitForLoadState('load'), page.click('#update-total')]);
  await expect(page.locator('#discount_code-error').textContent()).resolves.toBe('is not a valid discount code');
  await expect(page.inputValue('#address_city')).resolves.toBe('Springfield');

  await page.fill('#discount_code', 'tea10');
  await page.fill('#payment_token', 'tok_visa');
  await Promise.all([page.waitForLoadState('load'), page.click('#update-total')]);
  // 2 × 12.50 = 25.00; 10 % off = 2.50; shipping 5.00 + 1.50; tax 6.25 % of 22.50 = 1.41 (1.40625) and of 6.50 = 0.41.
  await expect(page.locator('#quote-subtotal').textContent()).resolves.toBe('$25.00');
  await expect(page.locator('#quote-discounts').textContent()).resolves.toBe('−$2.50');
  await expect(page.locator('#quote-shipping').textContent()).resolves.toBe('$6.50');
  await expect(page.locator('#quote-tax').textContent()).resolves.toBe('$1.82');
  await expect(page.locator('#quote-total').textContent()).resolves.toBe('$30.82');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'checkout-quote.png'), fullPage: true });

  await page.fill('#payment_token', 'tok_visa');
  await Promise.all([page.waitForURL(new RegExp(`^${site}/orders/\\d+\\.[A-Za-z0-9_-]{22}$`)), page.click('#place-order')]);
  await expect(page.locator('#order-total').textContent()).resolves.toBe('$30.82');
  await expect(page.locator('#order-discounts').textContent()).resolves.toBe('−$2.50');
  const orderId = Number((await page.locator('#order-id').textContent())!.replace('#', ''));
  const order = await shop.get(`/v1/orders/${orderId}.json`);
  expect(order.body.data).toMatchObject({ price: '30.82', discount_code: 'TEA10', discounts: 250, tax: 182, shipping: 650 });
  await context.close();
});
