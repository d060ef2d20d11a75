import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/browser.harness';
import { createStoreWithCli, REPO_ROOT, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';

/**
 * Issue 16, item 1: the API's docs page in a real browser. `/docs` renders GET /v1/openapi.json with Swagger UI
 * served by the gateway from its installed swagger-ui-dist: every request the page makes stays on the gateway, the
 * page's Content-Security-Policy refuses nothing it needs, and "Try it out" with the store's API key calls the API.
 * Issue 30: every schema resolves (each had been a reference to itself: a red resolver box, examples of "string").
 */

const SCREENSHOTS = path.join(REPO_ROOT, 'test/output/api-docs');

let dataDir: string;
let env: NodeJS.ProcessEnv;
let stack: StackHandle;
let browser: Browser;
/** The address PUBLIC_URL names (the launcher's default, http://localhost:PORT): the document's server. */
let publicUrl: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-api-docs-'));
  env = await stackEnvironment(dataDir);
  stack = await startStack(env);
  publicUrl = `http://localhost:${env.PORT}`;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the API docs page', () => {
  it('serves the document without a credential', async () => {
    const answer = await fetch(`${stack.baseUrl}/v1/openapi.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, object> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: publicUrl }]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/products', '/v1/orders/{id}', '/v1/webhooks/{id}/replay', '/s/{subdomain}/checkout']),
    );
  });

  it('lists the operations from files the gateway serves, within its security policy; "Try it out" calls the API with a key', async () => {
    const { api_key: apiKey } = await createStoreWithCli(env, 'docsshop');
    const context = await browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    page.on('pageerror', (error) => refused.push(String(error)));

    const answer = await page.goto(`${publicUrl}/docs`);
    expect(answer?.status()).toBe(200);
    const policy = answer!.headers()['content-security-policy'];
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");

    // Swagger UI has fetched the document and rendered its operations.
    const listProducts = page.locator('.opblock-get .opblock-summary-path[data-path="/v1/products"]');
    await listProducts.first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('.opblock-post .opblock-summary-path[data-path="/s/{subdomain}/checkout"]').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'docs.png'), fullPage: false });

    // Authorize with the store's API key (header form), then GET /v1/store from the page.
    await page.locator('button.authorize').first().click();
    const keyForm = page.locator('.auth-container').filter({ hasText: 'API-KEY' });
    await keyForm.locator('input').fill(apiKey);
    await keyForm.locator('button[type="submit"]').click();
    await page.locator('.modal-ux button.btn-done, .modal-ux button.close-modal').first().click();

    const getStore = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path[data-path="/v1/store"]') });
    await getStore.locator('.opblock-summary').click();
    await getStore.locator('button.try-out__btn').click();
    await getStore.locator('button.execute').click();
    const status = getStore.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await status.textContent())?.trim()).toBe('200');
    const body = JSON.parse(
      (await getStore.locator('.live-responses-table .response-col_description pre').first().textContent()) ?? '{}',
    ) as { data?: { subdomain?: string } };
    expect(body.data?.subdomain).toBe('docsshop');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'try-it-out.png'), fullPage: false });

    // Nothing came from anywhere but the gateway, and the policy refused nothing.
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => new URL(url).origin !== publicUrl && !url.startsWith('data:'))).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([`${publicUrl}/docs/swagger-ui-bundle.js`, `${publicUrl}/v1/openapi.json`]));
    expect(refused).toEqual([]);
    await context.close();
  });

  it("resolves every schema: an operation's example answer and a named schema show the record's fields, no resolver error", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${publicUrl}/docs`);

    const getProduct = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path[data-path="/v1/products/{id}"]') });
    await getProduct.locator('.opblock-summary').click();
    const example = getProduct.locator('.responses-wrapper .response[data-code="200"] .example').first();
    await example.waitFor({ state: 'visible', timeout: 30_000 });
    // Swagger UI builds the example from the schema: with the refs unresolved it read {"data": "string", "meta": "string"}.
    const answer = JSON.parse((await example.textContent()) ?? '{}') as { data?: Record<string, unknown>; meta?: unknown };
    expect(Object.keys(answer.data ?? {})).toEqual(expect.arrayContaining(['id', 'name', 'price', 'variants', 'photos']));
    expect(answer.data?.variants).toEqual([
      { variant: expect.objectContaining({ sku: expect.any(String), in_stock: expect.any(Number) }) },
    ]);
    expect(answer.meta).toMatchObject({ code: 200, api_version: '1.0' });

    // The Schemas section at the foot of the page: Order opened shows its own fields (a self-reference showed none).
    const order = page
      .locator('section.models article[data-json-schema-level="0"]')
      .filter({ has: page.getByText('Order', { exact: true }) });
    await order.locator('.json-schema-2020-12-accordion').first().click();
    await order.getByText('fulfillments', { exact: true }).waitFor({ state: 'visible' });
    await order.scrollIntoViewIfNeeded();

    await page.screenshot({ path: path.join(SCREENSHOTS, 'example-answer.png'), fullPage: false });
    expect(await page.locator('.errors-wrapper').allTextContents()).toEqual([]);
    await context.close();
  });
});
