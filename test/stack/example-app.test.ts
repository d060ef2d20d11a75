import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type CommerceClient } from '@commerce/sdk';
import { freePort, waitFor } from '@commerce/testing';
import { REPO_ROOT, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';
import { anOwner, hiddenFields, PageClient, PASSWORD } from './oauth-stack.fixture';

/**
 * The example app of examples/low-stock-alert, run as its README runs it (its built entry, configured by its
 * environment) against one stack: installed by a store owner through the browser dialog, then reacting to stock
 * changes through the public API. Webhooks may reach the app on loopback (WEBHOOK_ALLOW_PRIVATE_NETWORKS).
 */

const THRESHOLD = 3;
const PRODUCT_NAME = 'Sencha <Premium> & "Co"';

let stack: StackHandle;
let dataDir: string;
let app: { process: ChildProcess; url: string; output: () => string };
let registered: { client_id: string; client_secret: string };
let owner: Awaited<ReturnType<typeof anOwner>>;
let platform: PageClient;
let appBrowser: PageClient;
let ownerApi: CommerceClient;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-example-'));
  const env: NodeJS.ProcessEnv = { ...(await stackEnvironment(dataDir)), WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
  stack = await startStack(env);
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;

  const developer = await anOwner(env, 'exampledev');
  const created = await storectl(env, [
    'app',
    'create',
    '--name',
    'Low stock alert',
    '--redirect-uri',
    `${appUrl}/callback`,
    '--owner-email',
    developer.email,
  ]);
  if (created.code !== 0) throw new Error(`app create failed: ${created.stderr}`);
  registered = created.json as typeof registered;
  owner = await anOwner(env, 'exampleowner');
  ownerApi = createClient({ baseUrl: stack.baseUrl, apiKey: owner.api_key });

  // The platform's public URL (its OAuth issuer) is PUBLIC_URL: http://localhost:<PORT> under npm start.
  const platformUrl = `http://localhost:${env.PORT}`;
  app = await startApp({
    COMMERCE_URL: platformUrl,
    APP_URL: appUrl,
    CLIENT_ID: registered.client_id,
    CLIENT_SECRET: registered.client_secret,
    PORT: String(appPort),
    LOW_STOCK_THRESHOLD: String(THRESHOLD),
    DATA_FILE: path.join(dataDir, 'low-stock-alert.json'),
  });
  // A browser keeps each site's cookies apart: the app's and the platform's.
  platform = new PageClient(platformUrl);
  appBrowser = new PageClient(appUrl);
});

afterAll(async () => {
  if (app && app.process.exitCode === null) {
    app.process.kill('SIGTERM');
    await new Promise((resolve) => app.process.once('exit', resolve));
  }
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `node examples/low-stock-alert/dist/main.js` with its configuration; resolves once it listens. */
async function startApp(env: Record<string, string>): Promise<typeof app> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'examples/low-stock-alert/dist/main.js')], {
    env: { PATH: process.env.PATH, ...env },
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await waitFor(() => output.includes('"message":"listening"') || child.exitCode !== null, {
    timeoutMs: 15_000,
    message: 'the example app to listen',
  });
  if (child.exitCode !== null) throw new Error(`the example app exited:\n${output}`);
  return { process: child, url: env.APP_URL!, output: () => output };
}

/** What a store owner does in a browser: open the app's /install, sign in if asked, authorize, land on the app. */
async function installAsOwner(): Promise<{ hops: number[]; landed: string }> {
  const started = await appBrowser.get('/install');
  const authorize = new URL(started.location!);
  let page = await platform.get(authorize.pathname + authorize.search);
  const hops = [started.status, page.status];
  if (page.status === 303) {
    const signIn = await platform.get(pathOf(page.location!));
    const signedIn = await platform.post('/signin', { ...hiddenFields(signIn.html), identifier: owner.email, password: PASSWORD });
    page = await platform.get(pathOf(signedIn.location!));
    hops.push(signedIn.status, page.status);
  }
  const approved = await platform.post('/oauth/authorize', { ...hiddenFields(page.html), decision: 'approve' });
  const callback = new URL(approved.location!);
  const finished = await appBrowser.get(callback.pathname + callback.search);
  hops.push(approved.status, finished.status);
  return { hops, landed: finished.location ?? `${finished.status}: ${finished.html}` };
}

/** A redirect's target on the site it came from, whether the Location is absolute or not. */
const pathOf = (location: string) => {
  const url = new URL(location, 'http://site.invalid');
  return url.pathname + url.search;
};
const statusPage = async () => (await appBrowser.get('/')).html;
const tagsOf = async (productId: number) =>
  (await ownerApi.GET('/v1/products/{id}', { params: { path: { id: productId } } })).data.tag_list;
const setStock = (productId: number, variantId: number, inStock: number, fullQuantity?: number) =>
  ownerApi.PUT('/v1/products/{product_id}/variants/{id}', {
    params: { path: { product_id: productId, id: variantId } },
    body: { in_stock: inStock, ...(fullQuantity === undefined ? {} : { full_quantity: fullQuantity }) },
  });

describe('the low-stock-alert example app', () => {
  let product: { id: number; variantId: number };

  it('is installed by the store owner through the OAuth dialog, and makes its webhook in the store', async () => {
    const { hops, landed } = await installAsOwner();

    expect(hops).toEqual([302, 303, 303, 200, 303, 303]);
    expect(landed).toBe('/');
    const { data: store } = await ownerApi.GET('/v1/store');
    expect(await statusPage()).toContain(`${store.name} (store ${store.id})`);
    const { data } = await ownerApi.GET('/v1/webhooks');
    expect(data.webhooks).toEqual([
      expect.objectContaining({
        url: `${app.url}/webhooks?store_id=${owner.store.id}`,
        events: ['variant/updated', 'app/uninstalled'],
        status: 'active',
      }),
    ]);
  });

  it('tags a product low-stock once a variant falls to the threshold, keeping its other tags, and lists the alert', async () => {
    const { data: created } = await ownerApi.POST('/v1/products', { body: { name: PRODUCT_NAME, price: '12.50', tag_list: ['tea'] } });
    product = { id: created.id, variantId: created.variants[0]!.variant.id };
    await setStock(product.id, product.variantId, 20, 50);

    await setStock(product.id, product.variantId, THRESHOLD);

    await waitFor(async () => (await tagsOf(product.id)).includes('low-stock'), { message: 'the low-stock tag', timeoutMs: 20_000 });
    expect(await tagsOf(product.id)).toEqual(['tea', 'low-stock']);
    const page = await waitFor(async () => ((await statusPage()).includes('3 left') ? statusPage() : undefined), {
      message: 'the alert on the status page',
    });
    expect(page).toContain('Sencha &lt;Premium&gt; &amp; &quot;Co&quot;');
    expect(page).not.toContain(PRODUCT_NAME);
  });

  it('takes the tag off once the product is restocked above the threshold', async () => {
    await setStock(product.id, product.variantId, THRESHOLD + 1);

    await waitFor(async () => !(await tagsOf(product.id)).includes('low-stock'), { message: 'the tag to go', timeoutMs: 20_000 });
    expect(await tagsOf(product.id)).toEqual(['tea']);
  });

  it('refuses a delivery whose signature does not verify (400) and changes nothing', async () => {
    const body = JSON.stringify({
      type: 'variant/updated',
      timestamp: new Date().toISOString(),
      data: { id: product.variantId, product_id: product.id, in_stock: 0 },
    });
    const id = randomUUID();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const forgedSignature = createHmac('sha256', randomBytes(24)).update(`${id}.${timestamp}.${body}`).digest('base64');
    const deliver = (query: string) =>
      fetch(`${app.url}/webhooks?${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1,${forgedSignature}`,
        },
        body,
      });

    expect((await deliver(`store_id=${owner.store.id}`)).status).toBe(400);
    expect((await deliver('store_id=999999')).status).toBe(410);
    expect(await tagsOf(product.id)).toEqual(['tea']);
    expect((await statusPage()).match(/ left/g)).toHaveLength(1);
  });

  it('keeps its one webhook when installed again', async () => {
    const before = (await ownerApi.GET('/v1/webhooks')).data.webhooks;

    const { hops } = await installAsOwner();

    expect(hops).toEqual([302, 200, 303, 303]);
    expect((await ownerApi.GET('/v1/webhooks')).data.webhooks.map((webhook) => webhook.id)).toEqual(before.map((webhook) => webhook.id));
    await setStock(product.id, product.variantId, 1);
    await waitFor(async () => (await tagsOf(product.id)).includes('low-stock'), { message: 'the tag after re-install', timeoutMs: 20_000 });
  });

  it('forgets the store when its owner removes the app, and answers its webhook 410 so the platform stops sending', async () => {
    const revoked = await platform.submit('/account', `/account/authorizations/${registered.client_id}/revoke`, {});
    expect(revoked.status).toBe(303);

    await waitFor(async () => !(await statusPage()).includes(`(store ${owner.store.id})`), {
      message: 'the store to leave the status page',
      timeoutMs: 20_000,
    });
    await setStock(product.id, product.variantId, 50);
    const [webhook] = (await ownerApi.GET('/v1/webhooks')).data.webhooks;
    await waitFor(
      async () => (await ownerApi.GET('/v1/webhooks/{id}', { params: { path: { id: webhook!.id } } })).data.status === 'disabled',
      {
        message: 'the webhook to be disabled after the 410',
        timeoutMs: 20_000,
      },
    );
    expect(app.output()).not.toMatch(/scr_|whsec_|eyJ/);
  });
});
