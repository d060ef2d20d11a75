import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { connect, type NatsConnection } from 'nats';
import { startSmtpReceiver, waitFor, type SmtpReceiver } from '@commerce/testing';
import { ApiClient } from '../support/api.client';
import { checkout, checkoutParams, isPlaced, stockShop } from '../support/orders.fixture';
import { createStoreWithCli, startStack, stackEnvironment, type StackHandle } from '../support/stack.harness';
import { WebhookReceiver } from '../support/webhook-receiver.harness';

/**
 * Issue 16, item 3 (docs/operations.md#tracing): with OTEL_EXPORTER_OTLP_ENDPOINT set, one checkout is one trace
 * across the gateway, orders, catalog, shipping, the outbox relay, JetStream, the webhooks consumer and the
 * delivery's POST to the app, exported over OTLP to a receiver in this process. Unset, no process exports anything.
 */

/** OTLP span kinds (opentelemetry/proto/trace/v1). */
const KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 };

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: OtlpAttribute[] }>;
    }>;
  }>;
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.boolValue ?? value.doubleValue;
const attributesOf = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

/** An OTLP/HTTP trace receiver (the JSON protocol), as a collector would run one: every span of every request, flattened. */
class OtlpReceiver {
  readonly spans: ExportedSpan[] = [];
  /** Every request that reached it, whatever its path or content. */
  requests = 0;
  /** What it could not take (another path or protocol): a wrong configuration, not spans lost silently. */
  readonly refused: string[] = [];
  private server?: http.Server;

  async listen(): Promise<string> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests++;
        const type = request.headers['content-type'] ?? '';
        if (request.method !== 'POST' || request.url !== '/v1/traces' || !type.startsWith('application/json')) {
          this.refused.push(`${request.method} ${request.url} ${type}`);
          response.writeHead(415).end();
          return;
        }
        const raw = Buffer.concat(chunks);
        this.take(JSON.parse((request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as OtlpExport);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private take(exported: OtlpExport): void {
    for (const { resource, scopeSpans = [] } of exported.resourceSpans ?? []) {
      const service = String(attributesOf(resource?.attributes)['service.name']);
      for (const { spans = [] } of scopeSpans) {
        for (const span of spans) {
          this.spans.push({
            service,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
          });
        }
      }
    }
  }
}

/** A stack with one store that sells a mug and ships to the US, and a webhook on order/created and order/paid to a receiver on loopback. */
interface Shop {
  stack: StackHandle;
  bus: NatsConnection;
  storeId: number;
  subdomain: string;
  variantId: number;
  classId: number;
  webhooks: WebhookReceiver;
  webhookUrl: string;
  stop(): Promise<void>;
}

async function openShop(tag: string, otel: Record<string, string>): Promise<Shop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stack-${tag}-`));
  const env = await stackEnvironment(dataDir);
  // Only what this test gives decides whether the stack traces, whatever the shell exports.
  for (const name of Object.keys(env)) if (name.startsWith('OTEL_')) delete env[name];
  Object.assign(env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', ...otel });
  const stack = await startStack(env);
  const webhooks = new WebhookReceiver();
  try {
    const owner = await createStoreWithCli(env, tag);
    const shop = new ApiClient(stack.baseUrl, owner.api_key);
    const stocked = await stockShop(shop, [{ name: 'Mug', cents: 1250, stock: [5] }]);
    const webhookUrl = `${await webhooks.listen()}/hook`;
    const created = await shop.post('/v1/webhooks.json', { url: webhookUrl, events: ['order/created', 'order/paid'] });
    if (created.status !== 200) throw new Error(`creating the webhook answered ${created.status}: ${JSON.stringify(created.body)}`);
    webhooks.secretFor('/hook', created.body.data.secret);
    const bus = await connect({ servers: stack.info().nats_url });
    return {
      stack,
      bus,
      storeId: owner.store.id,
      subdomain: owner.store.subdomain,
      variantId: stocked.products[0]!.variantIds[0]!,
      classId: stocked.classId,
      webhooks,
      webhookUrl,
      async stop() {
        await bus.drain();
        await webhooks.close();
        await stack.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await webhooks.close();
    await stack.stop();
    throw error;
  }
}

/** One buyer checkout of one mug; resolves once the app has received both order/created and order/paid. */
async function checkOutOneMug(shop: Shop): Promise<void> {
  const answer = await checkout(
    shop.stack.baseUrl,
    shop.subdomain,
    checkoutParams([{ variant_id: shop.variantId, quantity: 1 }], { shipping_class_id: shop.classId }),
  );
  if (!isPlaced(answer.status)) throw new Error(`the checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  await waitFor(() => shop.webhooks.acceptedOf('order/created').length === 1 && shop.webhooks.acceptedOf('order/paid').length === 1, {
    timeoutMs: 30_000,
    message: 'the app to receive order/created and order/paid',
  });
}

/** The message of the order's event on JetStream (the last of its subject: the store has one order). */
const orderMessage = (shop: Shop, topic: string) =>
  shop.bus
    .jetstreamManager()
    .then((jsm) => jsm.streams.getMessage('EVENTS_ORDERS', { last_by_subj: `events.orders.${shop.storeId}.${topic}` }));

/** The span's ancestors, nearest first, up to the trace's root; null while one of them has not arrived yet. */
function ancestorsOf(span: ExportedSpan, byId: Map<string, ExportedSpan>): ExportedSpan[] | null {
  const ancestors: ExportedSpan[] = [];
  for (let parentId = span.parentSpanId; parentId;) {
    const parent = byId.get(parentId);
    if (!parent) return null;
    ancestors.push(parent);
    parentId = parent.parentSpanId;
  }
  return ancestors;
}

describe('tracing on: OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  const otlp = new OtlpReceiver();
  let shop: Shop;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    const endpoint = await otlp.listen();
    smtp = await startSmtpReceiver();
    // http/json, not the default http/protobuf: that the receiver can read what arrives shows the variable is honoured.
    shop = await openShop('traced', {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      SMTP_URL: smtp.url,
    });
  });

  afterAll(async () => {
    await shop?.stop();
    await otlp.close();
    await smtp?.stop();
  });

  it("links the spans of one checkout, from the gateway to the delivery's POST to the app, in one trace", async () => {
    await checkOutOneMug(shop);

    const checkoutPath = `/s/${shop.subdomain}/checkout`;
    const root = await waitFor(
      () =>
        otlp.spans.find((span) => span.service === 'gateway' && span.kind === KIND.SERVER && span.attributes['url.path'] === checkoutPath),
      {
        timeoutMs: 30_000,
        message: "the gateway's span of the checkout",
      },
    );
    const inTrace = () => otlp.spans.filter((span) => span.traceId === root.traceId);
    const find = (service: string, kind: number, test: (span: ExportedSpan) => boolean) =>
      inTrace().find((span) => span.service === service && span.kind === kind && test(span));
    const rpc = (method: string) => (span: ExportedSpan) => span.attributes['rpc.method'] === method;
    const wanted = () => ({
      createOrder: find('orders', KIND.SERVER, rpc('CreateOrder')),
      reserveStock: find('catalog', KIND.SERVER, rpc('ReserveStock')),
      quoteShipping: find('shipping', KIND.SERVER, rpc('QuoteShipping')),
      // A delivery's POST to the app; the spans between it and CreateOrder are found through its parents.
      post: find('webhooks', KIND.CLIENT, (span) => span.attributes['url.full'] === shop.webhookUrl),
    });
    // Seven processes export on their own schedules: wait until every span and all their ancestors have arrived.
    const { found, byId } = await waitFor(
      () => {
        const spans = wanted();
        const all = new Map(inTrace().map((span) => [span.spanId, span]));
        return Object.values(spans).every((span) => span && ancestorsOf(span, all)) ? { found: spans, byId: all } : null;
      },
      { timeoutMs: 30_000, message: "the checkout's spans, each with all its ancestors" },
    ).catch((error: Error) => {
      const seen = inTrace().map(
        ({ service, kind, name, spanId, parentSpanId }) => `${service} ${kind} ${name} ${spanId}<-${parentSpanId}`,
      );
      throw new Error(
        `${error.message}; found ${JSON.stringify(
          Object.entries(wanted())
            .filter(([, span]) => span)
            .map(([what]) => what),
        )}; trace ${root.traceId}:\n${seen.join('\n')}`,
      );
    });
    const { createOrder, reserveStock, quoteShipping, post } = found as { [K in keyof typeof found]: ExportedSpan };
    const lineage = (span: ExportedSpan) => ancestorsOf(span, byId)!.map((ancestor) => ancestor.spanId);

    // One tree: the gateway's span is the root, and every span of the path reaches it through its parents.
    expect(root.parentSpanId).toBe('');
    for (const [what, span] of Object.entries(found)) expect({ what, root: lineage(span!).at(-1) }).toEqual({ what, root: root.spanId });
    // The calls checkout makes are under orders' CreateOrder.
    expect(lineage(reserveStock)).toContain(createOrder.spanId);
    expect(lineage(quoteShipping)).toContain(createOrder.spanId);
    // The POST is in a deliver span, under the webhooks consumer's process span, under the relay's publish (the
    // NATS header), under the CreateOrder whose write stored the event.
    expect(post.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 204 });
    const deliver = byId.get(post.parentSpanId)!;
    expect(deliver).toMatchObject({
      service: 'webhooks',
      kind: KIND.INTERNAL,
      name: expect.stringMatching(/^deliver order\/(created|paid)$/),
    });
    const topic = deliver.name.slice('deliver '.length);
    const processed = byId.get(deliver.parentSpanId)!;
    expect(processed).toMatchObject({
      service: 'webhooks',
      kind: KIND.CONSUMER,
      name: `process ${topic}`,
      attributes: { 'messaging.consumer.group.name': 'webhooks-delivery-orders' },
    });
    const published = byId.get(processed.parentSpanId)!;
    expect(published).toMatchObject({ service: 'orders', kind: KIND.PRODUCER, name: `publish ${topic}` });
    expect(lineage(published)).toContain(createOrder.spanId);
    expect(otlp.refused).toEqual([]);
  });

  it("carries the checkout's trace to the send of its confirmation e-mail (docs/notifications.md#tracing-and-metrics)", async () => {
    // The checkout of the test above: its confirmation reaches the SMTP server.
    await waitFor(() => smtp.received.find((received) => received.messageId.includes('.order_confirmation@')), {
      timeoutMs: 30_000,
      message: 'the confirmation e-mail',
    });
    const send = await waitFor(
      () => otlp.spans.find((span) => span.service === 'notifications' && span.name === 'send order_confirmation'),
      { timeoutMs: 30_000, message: 'the span of the send' },
    );
    const lineage = await waitFor(
      () => ancestorsOf(send, new Map(otlp.spans.filter((span) => span.traceId === send.traceId).map((span) => [span.spanId, span]))),
      {
        timeoutMs: 30_000,
        message: "the send's ancestors",
      },
    );
    expect(send.kind).toBe(KIND.INTERNAL);
    expect(lineage[0]).toMatchObject({
      service: 'notifications',
      kind: KIND.CONSUMER,
      name: 'process order/paid',
      attributes: { 'messaging.consumer.group.name': 'notifications-orders' },
    });
    expect(lineage[1]).toMatchObject({ service: 'orders', kind: KIND.PRODUCER, name: 'publish order/paid' });
    const root = lineage.at(-1)!;
    expect(root).toMatchObject({ service: 'gateway', kind: KIND.SERVER, parentSpanId: '' });
    expect(root.attributes['url.path']).toBe(`/s/${shop.subdomain}/checkout`);
  });

  it('carries the trace on the bus as a traceparent header, the envelope as documented', async () => {
    const message = await orderMessage(shop, 'order/created');
    const traceparent = message.header.get('traceparent');
    const [, traceId, spanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(traceparent) ?? [];
    const publish = await waitFor(() => otlp.spans.find((span) => span.spanId === spanId), {
      timeoutMs: 30_000,
      message: `the span ${spanId} of the header ${traceparent}`,
    });
    expect(publish).toMatchObject({ service: 'orders', name: 'publish order/created', traceId });
    const checkoutPath = `/s/${shop.subdomain}/checkout`;
    expect(otlp.spans.find((span) => span.service === 'gateway' && span.attributes['url.path'] === checkoutPath)?.traceId).toBe(traceId);
    expect(Object.keys(message.json<Record<string, unknown>>()).sort()).toEqual([
      'id',
      'occurred_at',
      'resource',
      'resource_id',
      'resource_type',
      'sequence',
      'store_id',
      'topic',
    ]);
  });
});

describe('tracing off: OTEL_EXPORTER_OTLP_ENDPOINT unset', () => {
  const otlp = new OtlpReceiver();
  let shop: Shop | undefined;

  afterAll(async () => {
    await shop?.stop();
    await otlp.close();
  });

  it('loads no SDK in any process: nothing is exported, not even at shutdown, and events carry no trace', async () => {
    const endpoint = await otlp.listen();
    // Where a process that loaded the SDK would send its spans; it alone does not turn tracing on.
    shop = await openShop('untraced', {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await checkOutOneMug(shop);

    for (const topic of ['order/created', 'order/paid']) expect((await orderMessage(shop, topic)).header.get('traceparent')).toBe('');
    // A traced process exports what it still holds when it stops: once every process has stopped, nothing may have come.
    const stopping = shop;
    shop = undefined;
    await stopping.stop();
    expect(otlp.requests).toBe(0);
  });
});
