import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { waitFor } from '@commerce/testing';
import type { components } from '@commerce/sdk';
import { ApiClient } from '../support/api.client';
import { launchChromium } from '../support/browser.harness';
import { checkDashboardPage, signInToDashboard, watchPolicyViolations } from '../support/dashboard.harness';
import { checkout, checkoutParams, isPlaced, stockShop, type StockedShop } from '../support/orders.fixture';
import { requestSite } from '../support/site.client';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

type Store = components['schemas']['Store'];
type Template = components['schemas']['Template'];
type NotificationRecord = components['schemas']['Notification'];
type Order = components['schemas']['Order'];

/**
 * Issue 36: the dashboard's settings in a real browser (docs/dashboard.md#settings). The owner changes the store's name
 * and time zone (a bad zone refused beside its field), edits the store's CSS and sees it in the preview, edits the Home
 * template (bad Liquid refused beside the field, good Liquid previewed), creates and deletes a custom page, edits and
 * previews the order confirmation e-mail, and finds the message an order made in the log. Every page is screenshot at
 * desktop and phone width, checked by axe-core and by its own Content-Security-Policy, which the previews inherit.
 */

const SUBDOMAIN = 'settingsshop';
const PASSWORD = 'correct horse battery';

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let shop: ApiClient;
let stocked: StockedShop;
let site: string;
let page: Page;
let refused: string[];
/** PUBLIC_URL's origin (http://localhost:PORT): the dashboard's home, where sign-in comes back. */
let platform: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-dashboard-settings-'));
  const env = await stackEnvironment(dataDir);
  stack = await startStack(env);
  platform = new URL(stack.info().base_url).origin;
  const created = await createStoreWithCli(env, SUBDOMAIN);
  shop = new ApiClient(stack.baseUrl, created.api_key);
  site = created.store.url;
  stocked = await stockShop(shop, [{ name: 'Oolong', cents: 900, stock: [20] }]);
  browser = await launchChromium();
  const owner = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await owner.newPage();
  refused = await watchPolicyViolations(page);
  await signInToDashboard(page, platform, { email: `${SUBDOMAIN}@example.com`, password: PASSWORD }, '/admin/settings');
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The page's checks (test/support/dashboard.harness.ts): screenshots, phone width, axe-core, the CSP. */
const checkPage = (name: string) => checkDashboardPage(page, name, refused);

const storeNow = async (): Promise<Store> => (await shop.get('/v1/store.json')).body.data;
const templatesNow = async (): Promise<Template[]> => (await shop.get('/v1/store/templates.json')).body.data.templates;

/** The preview's frame, once `selector` finds something in it. */
async function previewShowing(selector: string): Promise<FrameLocator> {
  const frame = page.frameLocator('iframe.html-preview');
  await frame.locator(selector).first().waitFor();
  return frame;
}

/** The background colour of the preview's page, as the browser computed it. */
async function previewBackground(): Promise<string | undefined> {
  const frame = await (await page.locator('iframe.html-preview').elementHandle())?.contentFrame();
  return frame?.evaluate<string>('getComputedStyle(document.body).backgroundColor');
}

/** A notice of what an action did, or the refusal the form shows instead: whichever comes first, as text. */
async function outcomeOf(notice: string): Promise<string | null> {
  const outcome = page.locator('.notice', { hasText: notice }).or(page.locator('.field-error, .form-error'));
  await outcome.first().waitFor();
  return outcome.first().textContent();
}

describe('the settings pages of the owner dashboard', () => {
  /** The order placed through the checkout API, whose e-mail the log shows and whose sale Home counts. */
  let orderId: number;

  it("changes the store's name and time zone, and shows a zone the API refuses beside its field", async () => {
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect(page.locator('input[name="time_zone"]').inputValue()).resolves.toBe((await storeNow()).time_zone);
    await checkPage('settings');

    await page.fill('input[name="name"]', 'Tea Settings Shop');
    await page.fill('input[name="time_zone"]', 'Mars/Olympus_Mons');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('#time_zone-error').textContent()).resolves.toBe('is not a known IANA time zone');
    await expect(page.locator('input[name="time_zone"]').getAttribute('aria-invalid')).resolves.toBe('true');
    expect((await storeNow()).name).toBe(`Shop ${SUBDOMAIN}`);

    await page.fill('input[name="time_zone"]', 'Asia/Tokyo');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(outcomeOf('Store settings saved.')).resolves.toBe('Store settings saved.');
    await page.locator('.brand', { hasText: 'Tea Settings Shop' }).waitFor();
    expect(await storeNow()).toMatchObject({ name: 'Tea Settings Shop', time_zone: 'Asia/Tokyo' });
  });

  it("edits the store's CSS, sees it in the Home page's preview, and saves it", async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Design' }).click();
    await page.getByRole('heading', { level: 1, name: 'Design' }).waitFor();
    const frame = await previewShowing('.site-name');
    await expect(frame.locator('.site-name').textContent()).resolves.toBe('Tea Settings Shop');
    await checkPage('design');

    const css = `${(await storeNow()).css}\nbody { background: rgb(12, 34, 56); }\n`;
    await page.fill('textarea[name="css"]', css);
    await page.getByRole('button', { name: 'Preview' }).click();
    await waitFor(async () => (await previewBackground()) === 'rgb(12, 34, 56)', {
      timeoutMs: 10_000,
      message: 'the new background in the preview',
    });
    expect((await storeNow()).css).not.toContain('rgb(12, 34, 56)');

    await page.getByRole('button', { name: 'Save design' }).click();
    await expect(outcomeOf('Design saved.')).resolves.toBe('Design saved.');
    expect((await storeNow()).css).toBe(css);
    expect((await requestSite(`${site}/store.css`)).text).toBe(css);
  });

  it('refuses bad Liquid in the Home template beside the field, then previews and saves good Liquid', async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pages' }).waitFor();
    await page.getByRole('table').getByRole('link', { name: 'Home', exact: true }).waitFor();
    await checkPage('templates');

    await page.getByRole('table').getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await previewShowing('.site-name');
    await checkPage('template');
    const before = (await templatesNow()).find((template) => template.kind === 'home')!;

    await page.fill('textarea[name="content"]', '<h1>{{ store.name }}</h1>\n{% if store.open %}\n<p>open</p>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('#content-error').textContent()).resolves.toBe(
      'has a Liquid syntax error on line 2: tag {% if store.open %} not closed',
    );
    expect((await templatesNow()).find((template) => template.id === before.id)!.content).toBe(before.content);

    const content =
      '<h1 id="greeting">Welcome to {{ store.name }}</h1>\n' +
      '{% for product in products %}<p class="listed">{{ product.name }}</p>{% endfor %}';
    await page.fill('textarea[name="content"]', content);
    await page.getByRole('button', { name: 'Preview' }).click();
    const frame = await previewShowing('#greeting');
    await expect(frame.locator('#greeting').textContent()).resolves.toBe('Welcome to Tea Settings Shop');
    await expect(frame.locator('.listed').allTextContents()).resolves.toEqual(['Oolong']);
    await expect(page.locator('#content-error').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outcomeOf('Saved “Home”.')).resolves.toBe('Saved “Home”.');
    expect((await templatesNow()).find((template) => template.id === before.id)!.content).toBe(content);
    await waitFor(async () => (await requestSite(`${site}/`)).text.includes('Welcome to Tea Settings Shop'), {
      timeoutMs: 10_000,
      message: 'the new Home template on the buyer site',
    });
  });

  it('creates a custom page, previews it, and deletes it', async () => {
    await page.getByRole('link', { name: '← Pages' }).click();
    await page.getByRole('link', { name: 'Add page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add page' }).waitFor();
    await checkPage('template-new');

    await page.fill('input[name="name"]', 'About us');
    await page.fill('textarea[name="content"]', '<p id="about">About {{ store.name }}</p>');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/admin\/templates\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    const frame = await previewShowing('#about');
    await expect(frame.locator('#about').textContent()).resolves.toBe('About Tea Settings Shop');
    const created = (await templatesNow()).find((template) => template.permalink === 'about-us')!;
    expect(created).toMatchObject({ name: 'About us', kind: 'custom' });
    expect((await requestSite(`${site}/pages/about-us`)).status).toBe(200);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete page' }).click();
    await page.waitForURL(`${platform}/admin/templates`);
    await expect(outcomeOf('Deleted the page “About us”.')).resolves.toBe('Deleted the page “About us”.');
    await expect(page.getByRole('link', { name: 'About us' }).count()).resolves.toBe(0);
    expect((await templatesNow()).map((template) => template.id)).not.toContain(created.id);
    expect((await requestSite(`${site}/pages/about-us`)).status).toBe(404);
  });

  it('edits the order confirmation e-mail and previews it with a sample order', async () => {
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'E-mail' }).click();
    await page.getByRole('heading', { level: 1, name: 'E-mail' }).waitFor();
    await page.getByRole('link', { name: 'Order confirmation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order confirmation' }).waitFor();
    await page.locator('#preview-subject').waitFor();
    await checkPage('email-template');

    await page.fill('input[name="subject"]', 'Thanks from {{ store.name }}, order #{{ order.id }}');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('#preview-subject', { hasText: 'Thanks from Tea Settings Shop, order #' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(outcomeOf('Saved the Order confirmation e-mail.')).resolves.toBe('Saved the Order confirmation e-mail.');
    const saved = (await shop.get('/v1/store/email_templates/order_confirmation.json')).body.data.email_template;
    expect(saved).toMatchObject({ subject: 'Thanks from {{ store.name }}, order #{{ order.id }}', customized: true });
  });

  it('lists the e-mail an order made, newest first, and shows it', async () => {
    const variantId = stocked.products[0]!.variantIds[0]!;
    const placed = await checkout(stack.baseUrl, SUBDOMAIN, checkoutParams([{ variant_id: variantId, quantity: 1 }]));
    expect([placed.status, isPlaced(placed.status)]).toEqual([placed.status, true]);
    orderId = placed.body!.data.id as number;
    const subject = `Thanks from Tea Settings Shop, order #${orderId}`;
    await waitFor(
      async () => {
        const log = (await shop.get(`/v1/notifications.json?order_id=${orderId}`)).body.data.notifications as NotificationRecord[];
        return log.some((message) => message.subject === subject);
      },
      { timeoutMs: 30_000, message: "the order's confirmation in the message log" },
    );

    await page.getByRole('link', { name: '← E-mail' }).click();
    await page.getByRole('heading', { level: 1, name: 'E-mail' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: subject }).waitFor();
    await checkPage('email');
    // Made: the store's wall clock in Tokyo, named by its offset, in a browser whose zone is UTC.
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await expect(row.getByRole('cell').first().textContent()).resolves.toMatch(/ UTC\+9$/);
    // The status filter lives in the address: the message's own, once it is final (kept: the stack has no SMTP server).
    const status = await waitFor(
      async () => {
        const log = (await shop.get(`/v1/notifications.json?order_id=${orderId}`)).body.data.notifications as NotificationRecord[];
        const made = log.find((message) => message.subject === subject)?.status as string | undefined;
        return made && made !== 'pending' ? made : undefined;
      },
      { timeoutMs: 30_000, message: "the confirmation's final status" },
    );
    await page
      .getByRole('navigation', { name: 'Message status' })
      .getByRole('button', { name: new RegExp(`^${status}`, 'i') })
      .click();
    await page.waitForURL(`${platform}/admin/email?status=${status}`);
    await page.getByRole('link', { name: subject }).waitFor();

    await page.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(subject) }).waitFor();
    await page.getByText('ann@buyer.example', { exact: true }).waitFor();
    const frame = page.frameLocator('iframe.html-preview');
    await expect(frame.locator('body').textContent()).resolves.toContain('Oolong');
    await checkPage('email-message');
  });

  it("counts the order in Home's sales, by the store's days in Tokyo", async () => {
    const order = (await shop.get(`/v1/orders/${orderId}.json`)).body.data as Order;
    await page.goto(`${platform}/admin/`);
    await page.getByText('Days in the store’s time zone (Asia/Tokyo).').waitFor();
    const week = page.locator('.figure', { hasText: 'Last 7 days' });
    await week.getByText('1 order', { exact: true }).waitFor();
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: order.currency as string }).format(Number(order.price));
    await expect(week.locator('strong').textContent()).resolves.toBe(total);
    await checkPage('home-tokyo');
  });
});
