import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { components } from '@commerce/sdk';
import { waitFor } from '@commerce/testing';
import { ApiClient } from '../support/api.client';
import { launchChromium } from '../support/browser.harness';
import { checkDashboardPage, signInToDashboard, watchPolicyViolations } from '../support/dashboard.harness';
import { createStoreWithCli, json, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';
import { WebhookReceiver, type Arrival } from '../support/webhook-receiver.harness';

type Delivery = components['schemas']['Delivery'];
type Webhook = components['schemas']['Webhook'];

/**
 * Issue 36: the dashboard's Webhooks and Apps pages in a real browser (docs/dashboard.md#webhooks, #apps). The owner adds a
 * webhook to a receiver on this machine (its signing secret shown once, and the receiver verifies with it), pings it,
 * sees a product change delivered, retries a delivery the receiver refused, replays, edits and deletes it; then replaces
 * the store's API key, registers a developer app, authorizes it through the consent page, revokes it and deletes it.
 * An app's token without the `account` scope is refused every account call (docs/oauth.md#the-account-api).
 */

const WIDE_OPEN = { RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_SECOND: '100000' };
const PASSWORD = 'correct horse battery';
const HOOK_PATH = '/hooks/shop';
const STORE_ZONE = 'Asia/Tokyo';

let dataDir: string;
let stack: StackHandle;
let browser: Browser;
let page: Page;
let refused: string[];
let shop: ApiClient;
let platform: string;
let receiver: WebhookReceiver;
let receiverUrl: string;
/** Where the developer app's authorizations come back (the page a real app would serve), and the codes they carried. */
let callbackServer: http.Server;
let callbackUrl: string;
const codes: string[] = [];
/** Every secret a page showed once: no process may have logged one. */
const shownSecrets: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-dashboard-hooks-'));
  // The receiver listens on loopback, which webhooks refuse unless told otherwise (docs/webhooks.md#rules-and-errors).
  const env = { ...(await stackEnvironment(dataDir)), ...WIDE_OPEN, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
  stack = await startStack(env);
  platform = new URL(stack.info().base_url).origin;
  shop = new ApiClient(stack.baseUrl, (await createStoreWithCli(env, 'hookshop')).api_key);
  receiver = new WebhookReceiver();
  receiverUrl = await receiver.listen();
  callbackServer = http.createServer((req, res) => {
    const code = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('code');
    if (code) codes.push(code);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Stock Sync</title><p>Connected</p>');
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  browser = await launchChromium();
  // The store keeps Tokyo's time and the browser Pago Pago's, 20 hours behind: a time read in the wrong zone shows.
  expect((await shop.put('/v1/store.json', { time_zone: STORE_ZONE })).status).toBe(200);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    permissions: ['clipboard-read', 'clipboard-write'],
    timezoneId: 'Pacific/Pago_Pago',
  });
  page = await context.newPage();
  refused = await watchPolicyViolations(page);
  // Destructive actions confirm first; the owner says yes.
  page.on('dialog', (dialog) => void dialog.accept());
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  if (callbackServer) await new Promise<void>((resolve) => callbackServer.close(() => resolve()));
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const checkPage = (name: string) => checkDashboardPage(page, name, refused);
const notice = (text: string | RegExp) => page.locator('.notice', { hasText: text }).first().waitFor();

/** The dashboard's current access token (its session in the tab), to check what the API holds as the owner. */
async function ownerToken(): Promise<string> {
  const stored = await page.evaluate<string | null>("sessionStorage.getItem('commerce.dashboard.tokens')");
  return (JSON.parse(stored!) as { accessToken: string }).accessToken;
}

const asToken = (token: string, method: string, pathname: string, body?: Record<string, unknown>) =>
  fetch(`${stack.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });

/** The deliveries log's row of one delivery. */
const deliveryRow = (id: number) => page.locator('table.deliveries tbody tr', { has: page.getByRole('rowheader', { name: `#${id}` }) });

async function deliveriesOf(webhookId: number): Promise<Delivery[]> {
  return (await shop.get(`/v1/webhooks/${webhookId}/deliveries.json?limit=50`)).body.data.deliveries as Delivery[];
}

describe('the Webhooks pages', () => {
  let webhookId: number;
  let productId: number;
  let secret: string;

  it('adds a webhook: a refusal beside its field, then the signing secret shown once with a copy button', async () => {
    await signInToDashboard(page, platform, { email: 'hookshop@example.com', password: PASSWORD }, '/admin/webhooks');
    await page.getByText('No webhooks yet.').waitFor();
    await page.getByRole('link', { name: 'Add webhook' }).click();
    await page.getByRole('heading', { name: 'Add webhook' }).waitFor();
    await checkPage('webhook-new');

    await page.getByLabel('URL').fill(`${receiverUrl}${HOOK_PATH}`);
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await expect(page.locator('#events-error').textContent()).resolves.toBe('must name at least one topic');

    await page.getByRole('checkbox', { name: 'product/updated' }).check();
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByRole('heading', { name: 'Signing secret' }).waitFor();
    await page.getByText('Copy it now: it is shown only this once.').waitFor();
    secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    shownSecrets.push(secret);
    await page.getByRole('button', { name: 'Copy Signing secret' }).click();
    await notice('Signing secret copied.');
    await expect(page.evaluate<string>('navigator.clipboard.readText()')).resolves.toBe(secret);
    await checkPage('webhook-created');
    // The receiver verifies every delivery with the secret the page showed.
    receiver.secretFor(HOOK_PATH, secret);

    const [stored] = (await shop.get('/v1/webhooks.json')).body.data.webhooks as Webhook[];
    expect(stored).toMatchObject({ url: `${receiverUrl}${HOOK_PATH}`, events: ['product/updated'], status: 'active' });
    expect(stored).not.toHaveProperty('secret');
    webhookId = stored.id;

    await page.getByRole('link', { name: 'Go to the webhook' }).click();
    await page.waitForURL(`${platform}/admin/webhooks/${webhookId}`);
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    expect(await page.content()).not.toContain(secret);
  });

  it('sends a test ping and shows it delivered in the log', async () => {
    await page.getByRole('button', { name: 'Send test ping' }).click();
    await notice(/^Test ping sent: delivery #\d+\.$/);
    const [ping] = await deliveriesOf(webhookId);
    expect(ping).toMatchObject({ topic: 'webhook/test' });

    await waitFor(async () => receiver.acceptedOf('webhook/test').length === 1, { timeoutMs: 20_000, message: 'the ping received' });
    expect(receiver.rejected).toEqual([]);
    const row = deliveryRow(ping.id as number);
    await row.locator('.badge-delivered').waitFor();
    await expect(row.locator('td').nth(0).textContent()).resolves.toBe('webhook/test');
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe('1');
    await expect(row.locator('td').nth(3).textContent()).resolves.toBe('204');
    await checkPage('webhook');
  });

  it("shows a product change delivered, then a delivery the receiver refused, delivered by the owner's retry", async () => {
    productId = (await shop.post('/v1/products.json', { name: 'Hook Tea', price: '5.00' })).body.data.id as number;
    await shop.put(`/v1/products/${productId}.json`, { name: 'Hook Tea A' });
    const first = await waitForArrival((arrival) => arrival.body.data.name === 'Hook Tea A' && arrival.status === 204);
    const delivered = (await deliveriesOf(webhookId)).find((delivery) => delivery.event_id === first.webhookId)!;
    await deliveryRow(delivered.id as number)
      .locator('.badge-delivered')
      .waitFor();

    receiver.mode = 'down';
    await shop.put(`/v1/products/${productId}.json`, { name: 'Hook Tea B' });
    // Two refused attempts: the first, and the retry 5 s later; the next would come 5 minutes on.
    const failing = await waitFor(
      async () => {
        const found = (await deliveriesOf(webhookId)).find(
          (delivery) => delivery.topic === 'product/updated' && delivery.status === 'pending',
        );
        return found && found.attempts.length >= 2 ? found : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, message: 'two refused attempts of the second change' },
    );
    const row = deliveryRow(failing.id);
    await row.locator('.badge-pending').waitFor();
    await expect(row.locator('td').nth(3).textContent()).resolves.toContain('503');

    receiver.mode = 'up';
    await page.getByRole('button', { name: `Retry delivery #${failing.id}` }).click();
    await notice(`Delivery #${failing.id} is being sent again.`);
    await waitForArrival((arrival) => arrival.body.data.name === 'Hook Tea B' && arrival.status === 204);
    await row.locator('.badge-delivered').waitFor();
    const retried = (await deliveriesOf(webhookId)).find((delivery) => delivery.id === failing.id)!;
    expect(retried.status).toBe('delivered');
    expect(retried.attempts.map((attempt) => attempt.status_code)).toEqual([503, 503, 204]);
  });

  it('replays the events since a time: each product change again, with the webhook-id it had', async () => {
    const changes = receiver.acceptedOf('product/updated').map((arrival) => arrival.webhookId);
    expect(changes).toHaveLength(2);

    // The field holds an hour ago on the store's clock, and is read back on it (docs/dashboard.md#times).
    await page.getByText(`The store’s time (${STORE_ZONE}).`, { exact: false }).waitFor();
    const since = Date.parse(`${await page.getByLabel('Deliver again every event since').inputValue()}:00+09:00`);
    expect(Math.abs(since - (Date.now() - 3_600_000))).toBeLessThan(5 * 60_000);
    await page.getByRole('button', { name: 'Replay' }).click();
    await notice(/^Replay: \d+ events found, 2 deliveries scheduled\.$/);
    await waitFor(async () => changes.every((id) => (receiver.repeats.get(id) ?? 0) >= 1), {
      timeoutMs: 20_000,
      message: 'both product changes delivered again',
    });
  });

  it('edits the webhook, lists it, and deletes it', async () => {
    const settings = page.getByRole('form', { name: 'Webhook settings' });
    await settings.getByRole('checkbox', { name: 'product/created' }).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await notice(`Saved the webhook to ${receiverUrl}${HOOK_PATH}.`);
    expect((await shop.get(`/v1/webhooks/${webhookId}.json`)).body.data.events).toEqual(['product/updated', 'product/created']);

    await page.getByRole('link', { name: '← Webhooks' }).click();
    await page.getByRole('link', { name: `${receiverUrl}${HOOK_PATH}` }).waitFor();
    await checkPage('webhooks');

    await page.getByRole('link', { name: `${receiverUrl}${HOOK_PATH}` }).click();
    await page.getByRole('button', { name: 'Delete webhook' }).click();
    await page.waitForURL(`${platform}/admin/webhooks`);
    await page.getByText('No webhooks yet.').waitFor();
    expect((await shop.get('/v1/webhooks.json')).body.data.webhooks).toEqual([]);
  });
});

/** The first arrival at the receiver that `matches`, once it came. */
function waitForArrival(matches: (arrival: Arrival) => boolean): Promise<Arrival> {
  return waitFor(async () => receiver.arrivals.find(matches), { timeoutMs: 20_000, message: 'the delivery at the receiver' });
}

describe('the Apps page', () => {
  let clientId: string;
  let clientSecret: string;
  let appToken: string;

  it("replaces the store's API key: the old key is refused at once, the new one works", async () => {
    await page.getByRole('link', { name: 'Apps' }).click();
    await page.getByRole('heading', { name: 'Apps', level: 1 }).waitFor();
    await page.getByText('No app is authorized to use your account.').waitFor();
    await page.getByText('You have no apps.').waitFor();
    await checkPage('apps');
    expect((await shop.get('/v1/store.json')).status).toBe(200);

    await page.getByRole('button', { name: 'Generate a new API key' }).click();
    await page.getByRole('heading', { name: 'New API key' }).waitFor();
    const newKey = await page.getByRole('textbox', { name: 'API key' }).inputValue();
    expect(newKey).toMatch(/^sck_/);
    shownSecrets.push(newKey);

    await waitFor(async () => (await shop.get('/v1/store.json')).status === 401, {
      timeoutMs: 10_000,
      intervalMs: 100,
      message: 'the old key refused',
    });
    shop = new ApiClient(stack.baseUrl, newKey);
    expect((await shop.get('/v1/store.json')).status).toBe(200);
    // A key cannot replace itself (docs/oauth.md#the-account-api).
    const byKey = await shop.raw('POST', '/v1/store/api_key.json', undefined);
    expect([byKey.status, byKey.body.meta.error_type]).toEqual([403, 'OAuthRequired']);
    await checkPage('apps-api-key');
  });

  it('registers a developer app: a refusal beside its field, then the client secret shown once', async () => {
    await page.getByLabel('Name').fill('Stock Sync');
    await page.getByLabel('Redirect URI').fill('http://sync.example/callback');
    await page.getByRole('button', { name: 'Create app' }).click();
    await expect(page.locator('#redirect_uri-error').textContent()).resolves.toBe('must use https (http is allowed for localhost only)');

    await page.getByLabel('Redirect URI').fill(callbackUrl);
    await page.getByRole('button', { name: 'Create app' }).click();
    await page.getByRole('heading', { name: 'App Stock Sync created' }).waitFor();
    clientId = await page.getByRole('textbox', { name: 'Client id' }).inputValue();
    clientSecret = await page.getByRole('textbox', { name: 'Client secret' }).inputValue();
    expect([clientId, clientSecret]).toEqual([expect.stringMatching(/^sca_/), expect.stringMatching(/^scs_/)]);
    shownSecrets.push(clientSecret);
    await page.getByRole('rowheader', { name: 'Stock Sync' }).waitFor();
    await checkPage('apps-created');

    const listed = await json(await asToken(await ownerToken(), 'GET', '/v1/apps.json'));
    expect(listed.data.apps).toEqual([
      { client_id: clientId, name: 'Stock Sync', redirect_uri: callbackUrl, created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(listed)).not.toContain(clientSecret);
  });

  it('authorizes the app on the consent page; its token (store_write, not account) is refused every account call', async () => {
    const consent = await page.context().newPage();
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope: 'store_write',
      state: 'st',
      redirect_uri: callbackUrl,
    });
    await consent.goto(`${platform}/oauth/authorize?${query}`);
    await consent.getByRole('heading', { name: 'Authorize Stock Sync' }).waitFor();
    await Promise.all([consent.waitForURL(/\/callback\?code=/), consent.getByRole('button', { name: 'Authorize' }).click()]);
    await consent.close();
    // The secret the page showed is the app's: the code is traded with it.
    const tokens = await fetch(`${stack.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: codes.at(-1)!,
        redirect_uri: callbackUrl,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(tokens.status).toBe(200);
    const granted = await json(tokens);
    expect(granted.scope).toBe('user store_read store_write');
    appToken = granted.access_token as string;
    expect((await asToken(appToken, 'GET', '/v1/store.json')).status).toBe(200);

    const accountCalls: Array<[string, string, Record<string, unknown>?]> = [
      ['POST', '/v1/store/api_key.json'],
      ['GET', '/v1/apps.json'],
      ['POST', '/v1/apps.json', { name: 'Sneaky', redirect_uri: callbackUrl }],
      ['DELETE', `/v1/apps/${clientId}.json`],
      ['GET', '/v1/authorized_apps.json'],
      ['DELETE', `/v1/authorized_apps/${clientId}.json`],
    ];
    for (const [method, pathname, body] of accountCalls) {
      const answer = await asToken(appToken, method, pathname, body);
      const refusal = await json(answer);
      expect([method, pathname, answer.status, refusal.meta.error_type]).toEqual([method, pathname, 403, 'InsufficientScope']);
      expect(refusal.error).toContain('account');
    }
    expect((await shop.get('/v1/store.json')).status).toBe(200);
  });

  it('lists the authorized app and revokes it: its token stops working', async () => {
    await page.reload();
    const row = page.getByRole('row', { name: /Stock Sync/ }).filter({ has: page.getByRole('button', { name: 'Revoke Stock Sync' }) });
    await row.waitFor();
    await expect(row.locator('td').first().textContent()).resolves.toBe('user, store_read, store_write');
    expect(await page.content()).not.toContain(clientSecret);
    await checkPage('apps-authorized');

    await page.getByRole('button', { name: 'Revoke Stock Sync' }).click();
    await notice('Stock Sync can no longer use your account or your store.');
    await page.getByText('No app is authorized to use your account.').waitFor();
    await waitFor(async () => (await asToken(appToken, 'GET', '/v1/store.json')).status === 401, {
      timeoutMs: 10_000,
      intervalMs: 100,
      message: "the revoked app's token refused",
    });
    expect((await json(await asToken(await ownerToken(), 'GET', '/v1/authorized_apps.json'))).data.authorized_apps).toEqual([]);
  });

  it('deletes the developer app: its secret no longer works', async () => {
    await page.getByRole('button', { name: 'Delete Stock Sync' }).click();
    await notice('App Stock Sync deleted; every authorization it had is revoked.');
    await page.getByText('You have no apps.').waitFor();
    expect((await json(await asToken(await ownerToken(), 'GET', '/v1/apps.json'))).data.apps).toEqual([]);
    const refresh = await fetch(`${stack.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'scr_x', client_id: clientId, client_secret: clientSecret }),
    });
    expect([refresh.status, (await json(refresh)).error]).toEqual([401, 'invalid_client']);
  });

  it('asks a session signed in without the account scope to sign in again, then manages the account', async () => {
    // A session from before the dashboard asked for `account`: its own client and PKCE, the older scopes.
    const verifier = crypto.randomBytes(32).toString('base64url');
    const pending = { state: 'before-account', verifier, returnTo: '/admin/developers' };
    await page.evaluate(`sessionStorage.setItem('commerce.dashboard.sign-in', ${JSON.stringify(JSON.stringify(pending))})`);
    const authorize = new URLSearchParams({
      response_type: 'code',
      client_id: 'store-dashboard',
      redirect_uri: `${platform}/admin/callback`,
      scope: 'user store_read store_write',
      state: pending.state,
      code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    await page.goto(`${platform}/oauth/authorize?${authorize}`);
    await page.waitForURL(`${platform}/admin/developers`);
    const olderToken = await ownerToken();
    expect((await asToken(olderToken, 'GET', '/v1/apps.json')).status).toBe(403);
    await page.getByText('This session was signed in before the dashboard could manage your account.').first().waitFor();
    await checkPage('apps-sign-in-again');

    await Promise.all([page.waitForURL(/\/admin\/callback\?/), page.getByRole('button', { name: 'Sign in again' }).first().click()]);
    await page.waitForURL(`${platform}/admin/developers`);
    await page.getByText('You have no apps.').waitFor();
    await page.getByText('No app is authorized to use your account.').waitFor();
    const token = await ownerToken();
    expect(token).not.toBe(olderToken);
    expect((await asToken(token, 'GET', '/v1/apps.json')).status).toBe(200);
  });
});

describe('the secrets shown once', () => {
  it('are in no log line of any process', () => {
    expect(shownSecrets).toHaveLength(3);
    const output = stack.output();
    expect(shownSecrets.filter((shown) => output.includes(shown) || output.includes(encodeURIComponent(shown)))).toEqual([]);
  });
});
