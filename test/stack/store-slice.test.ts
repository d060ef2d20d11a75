import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { AckPolicy, DeliverPolicy, connect, type NatsConnection } from 'nats';
import { waitFor } from '@commerce/testing';
import { json, startStack, stackEnvironment, storectl, type StackHandle } from '../support/stack.harness';

interface StoreCreated {
  store: { id: number; name: string; subdomain: string; url: string; service_url: string; time_zone: string; created_at: string };
  user: { id: number; email: string };
  api_key: string;
}

const ERROR_META = expect.objectContaining({
  code: expect.any(Number),
  api_version: '1.0',
  error_type: expect.any(String),
  error_message: expect.any(String),
  request_id: expect.any(String),
});

describe('the store record through the whole stack', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let stack: StackHandle;
  let created: StoreCreated;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-'));
    env = await stackEnvironment(dataDir);
    stack = await startStack(env);
  });

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (pathAndQuery: string, headers: Record<string, string> = {}) => fetch(`${stack.baseUrl}${pathAndQuery}`, { headers });

  it('starts every service healthy', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(Object.values(body.data.services)).toEqual(Array(SERVICE_NAMES.length).fill('SERVING'));
  });

  it('creates a store, its owner and an API key with the CLI', async () => {
    const result = await storectl(env, [
      'store',
      'create',
      '--name',
      'Tea Shop',
      '--subdomain',
      'teashop',
      '--email',
      'Owner@Example.com',
      '--password',
      'correct horse battery',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    created = result.json as StoreCreated;
    expect(created.api_key).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
    expect(created.user).toMatchObject({ email: 'owner@example.com' });
    // The store's site where npm start serves it: PUBLIC_URL's scheme and port (docs/buyer-site.md).
    const url = `http://teashop.shops.localhost:${new URL(stack.baseUrl).port}`;
    expect(created.store).toMatchObject({
      name: 'Tea Shop',
      subdomain: 'teashop',
      url,
      service_url: 'teashop.shops.localhost',
      time_zone: 'America/New_York',
    });
    expect(created.store.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
  });

  it('refuses a second store on a taken subdomain with the field named', async () => {
    const result = await storectl(env, [
      'store',
      'create',
      '--name',
      'Copy',
      '--subdomain',
      'teashop',
      '--email',
      'other@example.com',
      '--password',
      'another long password',
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({ error: expect.any(String), errors: { subdomain: ['has already been taken'] } });
  });

  it('reads the store with the key as query parameter, API-KEY header and HTTP Basic user', async () => {
    const answers = await Promise.all([
      get(`/v1/store.json?api_key=${created.api_key}`),
      get('/v1/store', { 'API-KEY': created.api_key }),
      get('/v1/store/', { Authorization: `Basic ${Buffer.from(`${created.api_key}:ignored`).toString('base64')}` }),
    ]);
    for (const response of answers) expect(response.status).toBe(200);
    const bodies = await Promise.all(answers.map(json));
    for (const body of bodies) {
      expect(body.meta).toEqual({ code: 200, api_version: '1.0' });
      expect(body.data).toEqual(bodies[0].data);
    }
    expect(Object.keys(bodies[0].data)).toEqual(
      expect.arrayContaining([
        'name',
        'description',
        'url',
        'service_url',
        'subdomain',
        'location',
        'support_email',
        'return_address',
        'business_name',
        'business_type',
        'phone',
        'time_zone',
        'avatar',
        'storefront_open',
        'list_in_marketplace',
        'custom_domain',
        'use_default_layout',
        'css',
        'layout',
      ]),
    );
  });

  it('updates with a JSON body, a form body without Content-Type, and the query string alone', async () => {
    const key = created.api_key;
    const jsonPut = await fetch(`${stack.baseUrl}/v1/store.json`, {
      method: 'PUT',
      headers: { 'API-KEY': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ description: 'Loose leaf teas', storefront_open: 'false' }),
    });
    expect(jsonPut.status).toBe(200);
    expect((await json(jsonPut)).data).toMatchObject({ description: 'Loose leaf teas', storefront_open: false });

    const form = await fetch(`${stack.baseUrl}/v1/store`, {
      method: 'PUT',
      headers: { 'API-KEY': key },
      body: new Blob(['css=body%7Bcolor%3Ared%7D&time_zone=Europe%2FParis']),
    });
    expect(form.status).toBe(200);
    expect((await json(form)).data).toMatchObject({ css: 'body{color:red}', time_zone: 'Europe/Paris' });

    const query = await fetch(`${stack.baseUrl}/v1/store.json?api_key=${key}&name=Tea%20House&list_in_marketplace=1`, { method: 'PUT' });
    expect(query.status).toBe(200);
    const store = (await json(query)).data;
    expect(store).toMatchObject({ name: 'Tea House', list_in_marketplace: true });
    expect(store.updated_at).toMatch(/[+-]0[12]:00$/);
  });

  it('answers 422 with per-field errors for bad input', async () => {
    const response = await fetch(`${stack.baseUrl}/v1/store?api_key=${created.api_key}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ time_zone: 'Mars/Base', support_email: 'nope' }),
    });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.meta).toEqual(expect.objectContaining({ code: 422, error_type: 'ValidationError' }));
    expect(body.meta.errors).toEqual({ time_zone: [expect.any(String)], support_email: [expect.any(String)] });
  });

  it('sees every change on a later read', async () => {
    const body = await json(await get(`/v1/store?api_key=${created.api_key}`));
    expect(body.data).toMatchObject({
      name: 'Tea House',
      description: 'Loose leaf teas',
      css: 'body{color:red}',
      time_zone: 'Europe/Paris',
      storefront_open: false,
      list_in_marketplace: true,
    });
  });

  it('publishes store/updated on JetStream with the rendered store', async () => {
    const nc: NatsConnection = await connect({ servers: stack.info().nats_url });
    try {
      const subject = `events.storefront.${created.store.id}.store/updated`;
      const jsm = await nc.jetstreamManager();
      await jsm.consumers.add('EVENTS_STOREFRONT', {
        filter_subject: subject,
        ack_policy: AckPolicy.None,
        deliver_policy: DeliverPolicy.All,
        name: 'stack-test',
      });
      const consumer = await nc.jetstream().consumers.get('EVENTS_STOREFRONT', 'stack-test');
      const events: Array<{ topic: string; store_id: number; resource: { name: string }; sequence: number; id: string }> = [];
      await waitFor(
        async () => {
          const batch = await consumer.fetch({ max_messages: 10, expires: 1000 });
          for await (const message of batch) events.push(message.json());
          return events.some((event) => event.resource.name === 'Tea House');
        },
        { timeoutMs: 15_000, message: 'store/updated with the new name never arrived' },
      );
      expect(events.every((event) => event.topic === 'store/updated' && event.store_id === created.store.id)).toBe(true);
      expect(events.map((event) => event.sequence)).toEqual([...events.map((event) => event.sequence)].sort((a, b) => a - b));
      expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    } finally {
      await nc.close();
    }
  });

  it('answers 401 in the error shape for a wrong key and for no credential', async () => {
    const wrong = await get('/v1/store?api_key=sck_wrong');
    expect(wrong.status).toBe(401);
    expect(await json(wrong)).toEqual({ error: 'API Key is invalid', meta: ERROR_META });
    const none = await get('/v1/store');
    expect(none.status).toBe(401);
    expect((await json(none)).meta.error_type).toBe('Unauthorized');
  });

  it('kills the old key at once when the CLI rotates it', async () => {
    const rotated = await storectl(env, ['key', 'rotate', '--store', String(created.store.id)]);
    expect(rotated.code).toBe(0);
    const { api_key } = rotated.json as { api_key: string };
    expect(api_key).not.toBe(created.api_key);
    await waitFor(async () => (await get(`/v1/store?api_key=${created.api_key}`)).status === 401, {
      timeoutMs: 5_000,
      message: 'old key still accepted',
    });
    expect((await get(`/v1/store?api_key=${api_key}`)).status).toBe(200);
    created.api_key = api_key;
  });

  it('answers 503, not a hang or a 500, while a service is down', async () => {
    process.kill(stack.info().pids.storefront, 'SIGKILL');
    await waitFor(async () => (await get('/healthz')).status === 503, { timeoutMs: 10_000, message: 'healthz never noticed' });
    const response = await get(`/v1/store?api_key=${created.api_key}`);
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({
      error: expect.any(String),
      meta: expect.objectContaining({ code: 503, error_type: 'ServiceUnavailable' }),
    });
  });

  it('keeps the data across a restart of the whole stack', async () => {
    expect(await stack.stop()).toBe(0);
    stack = await startStack(env);
    const response = await get(`/v1/store?api_key=${created.api_key}`);
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: created.store.id, name: 'Tea House', css: 'body{color:red}' });
  });
});
