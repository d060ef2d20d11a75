import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@commerce/config';
import { waitFor } from '@commerce/testing';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';
import { WebhookReceiver } from '../support/webhook-receiver.harness';

// Prometheus metrics of every process (METRICS_PORT_BASE=0: a free port each, listed in stack.json),
// scraped after real traffic through the gateway: the counters that traffic must have moved did move.

/** One sample of a scrape: `name{labels} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);

describe('metrics of the gateway and every service', () => {
  let dataDir: string;
  let stack: StackHandle;
  let metricsUrls: Record<string, string>;

  const scrape = async (process: string): Promise<Sample[]> => {
    const answer = await fetch(metricsUrls[process]!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await answer.text());
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-metrics-'));
    // The webhook receiver below listens on loopback.
    stack = await startStack({ ...(await stackEnvironment(dataDir)), METRICS_PORT_BASE: '0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
    metricsUrls = (stack.info() as unknown as { metrics: Record<string, string> }).metrics;
  });

  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists a metrics address for every process', () => {
    expect(Object.keys(metricsUrls).sort()).toEqual([...SERVICE_NAMES, 'gateway'].sort());
  });

  it('counts requests, gRPC calls, published events and consumer lag after traffic', async () => {
    const { api_key } = await createStoreWithCli(stack.env, 'metered');
    const headers = { 'API-KEY': api_key, 'Content-Type': 'application/json' };
    const created = await fetch(`${stack.baseUrl}/v1/products`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Metered tee', cents: 1500 }),
    });
    expect(created.status).toBe(200);
    const { data } = (await created.json()) as { data: { id: number } };
    for (let i = 0; i < 3; i++) expect((await fetch(`${stack.baseUrl}/v1/products/${data.id}`, { headers })).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/v1/products/999999`, { headers })).status).toBe(404);

    const gateway = await scrape('gateway');
    expect(sumOf(gateway, 'http_server_requests_total', { method: 'GET', route: '/v1/products/:id', status_code: '200' })).toBe(3);
    expect(sumOf(gateway, 'http_server_requests_total', { method: 'GET', route: '/v1/products/:id', status_code: '404' })).toBe(1);
    expect(
      sumOf(gateway, 'http_server_request_duration_seconds_count', { method: 'POST', route: '/v1/products', status_code: '200' }),
    ).toBe(1);
    expect(gateway.some((sample) => sample.labels.route?.includes('999999'))).toBe(false);
    expect(sumOf(gateway, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    const catalog = await scrape('catalog');
    expect(sumOf(catalog, 'grpc_server_handled_total', { grpc_method: 'GetProduct', grpc_code: '0' })).toBeGreaterThanOrEqual(3);
    expect(sumOf(catalog, 'grpc_server_handled_total', { grpc_method: 'GetProduct', grpc_code: '5' })).toBe(1);
    expect(sumOf(catalog, 'grpc_server_handling_seconds_count', { grpc_method: 'CreateProduct' })).toBe(1);
    expect(catalog.every((sample) => sample.labels.service === 'catalog')).toBe(true);
    // The product's event leaves the outbox for the bus; the relay's lag falls back to 0.
    await waitFor(
      async () =>
        sumOf(await scrape('catalog'), 'outbox_events_published_total') >= 1 &&
        sumOf(await scrape('catalog'), 'outbox_pending_events') === 0,
      { timeoutMs: 15_000, message: 'catalog to publish its events' },
    );
    expect(sumOf(await scrape('catalog'), 'outbox_relay_lag_seconds')).toBe(0);
    // catalog's durable consumers of the storefront's and shipping's streams, read from JetStream.
    const lag = (await scrape('catalog')).filter((sample) => sample.name === 'jetstream_consumer_pending_messages');
    expect(lag.map((sample) => sample.labels.consumer).sort()).toEqual(
      expect.arrayContaining(['catalog-shipping-groups', 'catalog-store-context']),
    );
    expect(lag.every((sample) => sample.labels.consumer!.startsWith('catalog-'))).toBe(true);

    const storefront = await scrape('storefront');
    expect(sumOf(storefront, 'grpc_server_handled_total', { grpc_method: 'CreateStore', grpc_code: '0' })).toBe(1);
  });

  it('counts webhook delivery attempts by outcome and times them', async () => {
    const { api_key } = await createStoreWithCli(stack.env, 'hooked');
    const headers = { 'API-KEY': api_key, 'Content-Type': 'application/json' };
    const receiver = new WebhookReceiver();
    const base = await receiver.listen();
    try {
      const hook = await fetch(`${stack.baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${base}/in`, events: ['product/created'] }),
      });
      expect(hook.status).toBe(200);
      receiver.secretFor('/in', ((await hook.json()) as { data: { secret: string } }).data.secret);
      for (const name of ['Hooked tee', 'Hooked mug']) {
        expect(
          (await fetch(`${stack.baseUrl}/v1/products`, { method: 'POST', headers, body: JSON.stringify({ name, cents: 900 }) })).status,
        ).toBe(200);
      }
      await waitFor(() => receiver.accepted.size === 2, { timeoutMs: 15_000, message: 'both product/created deliveries' });

      const webhooks = await waitFor(
        async () => {
          const samples = await scrape('webhooks');
          return sumOf(samples, 'webhook_delivery_attempts_total', { outcome: 'delivered' }) === 2 ? samples : undefined;
        },
        { timeoutMs: 10_000, message: 'two delivered attempts counted' },
      );
      expect(sumOf(webhooks, 'webhook_delivery_attempt_seconds_count', { outcome: 'delivered' })).toBe(2);
      expect(sumOf(webhooks, 'webhook_delivery_latency_seconds_count')).toBe(2);
      expect(sumOf(webhooks, 'webhook_delivery_attempts_total', { outcome: 'retry' })).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('answers 404 for anything but /metrics on a metrics port', async () => {
    expect((await fetch(metricsUrls.gateway!.replace('/metrics', '/'))).status).toBe(404);
  });
});

describe('metrics of a gateway running several workers', () => {
  it('serves the sum of its workers from the primary', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-metrics-workers-'));
    const stack = await startStack({ ...(await stackEnvironment(dataDir)), METRICS_PORT_BASE: '0', GATEWAY_WORKERS: '2' });
    try {
      const metricsUrl = (stack.info() as unknown as { metrics: Record<string, string> }).metrics.gateway!;
      // New connections each time, so both workers take some.
      for (let i = 0; i < 20; i++)
        expect((await fetch(`${stack.baseUrl}/v1/store`, { headers: { connection: 'close' } })).status).toBe(401);
      const samples = parseExposition(await (await fetch(metricsUrl)).text());
      expect(
        sumOf(samples, 'http_server_requests_total', { method: 'GET', route: 'unmatched', status_code: '401' }) +
          sumOf(samples, 'http_server_requests_total', { method: 'GET', route: '/v1/store', status_code: '401' }),
      ).toBe(20);
    } finally {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
