import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CommerceApiError, createClient, type CommerceClient, type OAuthTokens, type WebhookEvent } from '@commerce/sdk';
import { freePort, waitFor } from '@commerce/testing';
import { storeName } from '../../libs/sdk/examples/api-key-client';
import { allProductNames } from '../../libs/sdk/examples/paginate';
import { tryCreate } from '../../libs/sdk/examples/errors';
import { importRow } from '../../libs/sdk/examples/idempotency';
import { clientFor } from '../../libs/sdk/examples/oauth-client';
import { patientClient } from '../../libs/sdk/examples/retries';
import { addTea } from '../../libs/sdk/examples/typed-call';
import { summary, webhookReceiver } from '../../libs/sdk/examples/verify-webhook';
import { watchProducts } from '../../libs/sdk/examples/live-events';
import { createStoreWithCli, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

/**
 * @commerce/sdk against the real stack (libs/sdk/README.md): its typed calls, errors, paging, idempotency keys,
 * OAuth refresh and webhook verification, and every example of its README, run as they are written. One stack;
 * webhooks may reach the loopback receiver (WEBHOOK_ALLOW_PRIVATE_NETWORKS).
 */

let stack: StackHandle;
let dataDir: string;
let baseUrl: string;
let apiKey: string;
let ownerEmail: string;
let client: CommerceClient;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-sdk-'));
  const env = { ...(await stackEnvironment(dataDir)), WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
  stack = await startStack(env);
  const created = await createStoreWithCli(env, 'sdkshop');
  ({ api_key: apiKey } = created);
  ownerEmail = 'sdkshop@example.com';
  baseUrl = stack.baseUrl;
  client = createClient({ baseUrl, apiKey });
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an API key client', () => {
  it('creates a product and reads it back, typed (README: a typed call)', async () => {
    const product = await addTea(client, 'Sencha');

    expect(product).toMatchObject({ name: 'Sencha', price: 12.5, tag_list: ['tea'] });
    expect(typeof product.id).toBe('number');
    expect(await storeName(baseUrl, apiKey)).toBe('Shop sdkshop');
  });

  it("throws a 422 as CommerceApiError with the API's field errors and request id (README: errors)", async () => {
    const error = (await client
      .POST('/v1/products', { body: { name: '   ', price: '9.50' } })
      .catch((thrown: unknown) => thrown)) as CommerceApiError;

    expect(error).toBeInstanceOf(CommerceApiError);
    expect(error).toMatchObject({ status: 422, errorType: 'ValidationError', fieldErrors: { name: ["can't be blank"] } });
    expect(error.requestId).toEqual(expect.any(String));
    expect(await tryCreate(client, '', '9.50')).toEqual({ invalid: { name: ["can't be blank"] } });
  });

  it('walks every page of products with paginate (README: paginate)', async () => {
    const made = await Promise.all(
      ['Bancha', 'Genmaicha', 'Hojicha', 'Kukicha'].map((name) => client.POST('/v1/products', { body: { name, price: '9.50' } })),
    );
    const all = (await client.GET('/v1/products', { params: { query: { limit: 250 } } })).data.products.map((product) => product.name);
    expect(all.length).toBeGreaterThanOrEqual(made.length + 1);

    const pages = await client.GET('/v1/products', { params: { query: { limit: 2 } } });
    expect(pages.pagination.total_pages).toBeGreaterThan(2);
    expect((await allProductNames(client, 2)).sort()).toEqual([...all].sort());
  });

  it('answers a write sent again with its Idempotency-Key with the first record (README: idempotency)', async () => {
    const first = await importRow(client, { sku: 'TEA-1', name: 'Matcha', price: '30.00' });
    const again = await importRow(client, { sku: 'TEA-1', name: 'Matcha', price: '30.00' });
    expect(again).toBe(first);

    const replay = await client.raw.POST('/v1/products', {
      params: { header: { 'Idempotency-Key': 'import-TEA-1' } },
      body: { name: 'Matcha', price: '30.00' },
    });
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.data?.data.id).toBe(first);
  });

  it('makes calls with a retry policy of its own (README: retries)', async () => {
    const { data: store } = await patientClient(baseUrl, apiKey).GET('/v1/store');
    expect(store.subdomain).toBe('sdkshop');
  });
});

describe('live events (README: live events)', () => {
  /** The newest event of the feed, once the product/created of `productId` is in it (with what came with it). */
  async function newestFeedId(productId: number): Promise<string> {
    let newest: { id: string } | undefined;
    await waitFor(
      async () => {
        let created = false;
        for await (const event of client.paginate('/v1/events', { params: { query: { limit: 250 } } })) {
          const { id, topic, resource_id } = event as { id: string; topic: string; resource_id: unknown };
          newest = { id };
          created ||= topic === 'product/created' && String(resource_id) === String(productId);
        }
        return created;
      },
      { timeoutMs: 15_000, intervalMs: 200, message: `product/created of ${productId} in the feed` },
    );
    return newest!.id;
  }

  /** Reads `events` until `count` arrived, then leaves the loop, which closes the stream. */
  async function take<T>(events: AsyncIterable<T>, count: number): Promise<T[]> {
    const taken: T[] = [];
    for await (const event of events) {
      taken.push(event);
      if (taken.length === count) break;
    }
    return taken;
  }

  it('prints product changes as they are stored, from now on, and stops when its signal aborts', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    const watching = watchProducts(client, stop.signal, (line) => lines.push(line));
    // The stream starts from now: what is stored before it is open is not in it, so create until one arrives. Any of
    // them counts: the check runs right after each create, before its own event can have travelled.
    const created: number[] = [];
    try {
      await waitFor(
        async () => {
          created.push((await client.POST('/v1/products', { body: { name: 'Live oolong', price: '8.00' } })).data.id);
          return lines.some((line) => created.some((id) => line === `product/created ${id} "Live oolong"`));
        },
        { timeoutMs: 30_000, intervalMs: 1_000, message: 'a product/created line' },
      );
    } finally {
      // Even when the line never came: a stream left open reconnects for ever and keeps jest from exiting.
      stop.abort();
    }

    const lastId = await watching;
    expect(lastId).toMatch(/./);
    expect(lines.every((line) => /^product\/(created|updated) \d+ "/.test(line))).toBe(true);
  });

  it('resumes after the event given as lastEventId: every later event of its topics once, in order, and nothing else', async () => {
    const { data: tea } = await client.POST('/v1/products', { body: { name: 'Resume tea', price: '5.00' } });
    const since = await newestFeedId(tea.id);
    await client.PUT('/v1/products/{id}', { params: { path: { id: tea.id } }, body: { name: 'Resume tea 2' } });
    await client.POST('/v1/collections', { body: { name: 'Not a product change' } });
    await client.PUT('/v1/products/{id}', { params: { path: { id: tea.id } }, body: { name: 'Resume tea 3' } });

    const events = await take(client.events({ topics: ['product/updated', 'product/deleted'], lastEventId: since }), 2);

    expect(events.map((event) => [event.topic, event.resource.id, event.resource.name])).toEqual([
      ['product/updated', tea.id, 'Resume tea 2'],
      ['product/updated', tea.id, 'Resume tea 3'],
    ]);
  });

  it('throws CommerceApiError, without retrying, when the stream is refused', async () => {
    const stranger = createClient({ baseUrl, apiKey: 'sck_not_a_key' });

    const refused = await take(stranger.events(), 1).catch((thrown: unknown) => thrown);
    const unknownId = await take(client.events({ lastEventId: 'evt_unknown' }), 1).catch((thrown: unknown) => thrown);

    expect(refused).toBeInstanceOf(CommerceApiError);
    expect(refused).toMatchObject({ status: 401 });
    expect(unknownId).toMatchObject({ status: 422, fieldErrors: { since_id: [expect.any(String)] } });
  });
});

describe('verifyWebhook on real deliveries (README: verifyWebhook)', () => {
  it('verifies a delivery the webhooks service signed and answers its event, typed by its topic', async () => {
    const port = await freePort();
    const { data: hook } = await client.POST('/v1/webhooks', {
      body: { url: `http://127.0.0.1:${port}/hook`, events: ['product/created'] },
    });
    expect(hook.secret).toMatch(/^whsec_/);
    const events: WebhookEvent[] = [];
    const receiver = webhookReceiver(hook.secret, (event) => events.push(event));
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    try {
      const { data: product } = await client.POST('/v1/products', { body: { name: 'Kabusecha', price: '15.00' } });

      const event = await waitFor(() => events.find((seen) => seen.type === 'product/created' && seen.data.id === product.id), {
        timeoutMs: 30_000,
        message: 'the product/created delivery',
      });
      expect(event.type === 'product/created' && event.data.name).toBe('Kabusecha');
      expect(summary(event)).toBe(`product ${product.id} "Kabusecha"`);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('an OAuth client (README: OAuth client with refresh)', () => {
  it('refreshes a token the API refuses, hands the rotated pair to onTokens and goes on with the call', async () => {
    const app = await storectl(stack.env, [
      'app',
      'create',
      '--name',
      'SDK Sync',
      '--redirect-uri',
      'http://127.0.0.1:9/callback',
      '--owner-email',
      ownerEmail,
    ]);
    expect(app.code).toBe(0);
    const { client_id: clientId, client_secret: clientSecret } = app.json as { client_id: string; client_secret: string };
    const made = await fetch(`${baseUrl}/v1/application/stores.json`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: clientId,
        secret: clientSecret,
        name: 'SDK App Shop',
        subdomain: 'sdkapp',
        'owner[login]': 'sdkapp.owner',
        'owner[email]': 'sdkapp@example.com',
        'owner[password]': 'correct horse battery',
      }),
    });
    const { refresh_token: refreshToken } = (await made.json()) as { refresh_token: string };

    // As if the access token had expired: the API refuses it, and the refresh token is what gets the call through.
    let saved: OAuthTokens = { accessToken: 'expired', refreshToken };
    const vault = { load: async () => saved, save: async (tokens: OAuthTokens) => void (saved = tokens) };
    const oauth = await clientFor(baseUrl, { clientId, clientSecret }, vault);

    const [store, again] = await Promise.all([oauth.GET('/v1/store'), oauth.GET('/v1/store')]);

    expect([store.data.name, again.data.name]).toEqual(['SDK App Shop', 'SDK App Shop']);
    expect(saved.refreshToken).toMatch(/^scr_/);
    expect(saved.refreshToken).not.toBe(refreshToken);
    expect(oauth.tokens()).toEqual(saved);
    // The new pair works as it is, in a client made from it.
    expect((await (await clientFor(baseUrl, { clientId, clientSecret }, vault)).GET('/v1/store')).data.subdomain).toBe('sdkapp');
  });
});
