// Delivery end to end: events published on the catalog stream reach a real receiver on loopback, signed per
// Standard Webhooks (checked with the standardwebhooks package), in order per resource, with the same webhook-id
// on a retry.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhooks } from '@commerce/contracts';
import { createClient } from '@commerce/grpc-runtime';
import { encodeEvent, eventSubject, newEvent, type DomainEvent } from '@commerce/events';
import { waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { aStore, aWebhook, startWebhooksHarness, type WebhooksHarness } from './webhooks.fixture';

interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
}

let harness: WebhooksHarness;
let nc: NatsConnection;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Event ids the receiver answers 500 to, once each. */
const failOnce = new Set<string>();

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const id = headers['webhook-id'];
      const status = request.url?.endsWith('/gone') ? 410 : failOnce.delete(id) ? 500 : 200;
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  harness = await startWebhooksHarness({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  nc = await connect({ servers: harness.natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await harness?.stop();
  receiver?.close();
});

/** Each product's events numbered 1, 2, 3... as catalog numbers them (the envelope's per-resource `sequence`). */
const sequences = new Map<string, number>();
async function publish(storeId: number, productId: number): Promise<DomainEvent> {
  const sequence = (sequences.get(`${storeId}/${productId}`) ?? 0) + 1;
  sequences.set(`${storeId}/${productId}`, sequence);
  const event = newEvent({
    topic: 'product/updated',
    storeId,
    resourceType: 'product',
    resourceId: productId,
    sequence,
    resource: { id: productId, name: `P${sequence}` } as never,
  });
  await nc.jetstream().publish(eventSubject('catalog', event), encodeEvent(event), { msgID: event.id });
  return event;
}

it('delivers published events signed, in order per product, with the same webhook-id on the retry', async () => {
  const storeId = await aStore(harness);
  const otherStore = await aStore(harness);
  const { webhook, signing_secret } = await harness.client.createWebhook(
    aWebhook(storeId, { url: receiverUrl, events: ['product/updated'] }),
  );
  await harness.client.createWebhook(aWebhook(otherStore, { url: `${receiverUrl}/other`, events: ['order/paid'] }));

  const first = await publish(storeId, 1);
  failOnce.add(first.id);
  const events = [first, await publish(storeId, 2), await publish(storeId, 1), await publish(storeId, 1), await publish(otherStore, 1)];

  // Four events of the store, the first answered 500 once: five requests (the retry comes about 5 s later).
  await waitFor(() => received.filter((request) => request.status === 200).length >= 4 || undefined, { timeoutMs: 20_000 });

  const verifier = new StandardWebhook(signing_secret);
  for (const request of received) {
    expect(verifier.verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
    expect(request.headers).toMatchObject({
      'user-agent': 'StoreCommerce-Webhooks/1.0',
      'content-type': 'application/json',
      'x-webhook-topic': 'product/updated',
    });
  }
  const ids = received.map((request) => request.headers['webhook-id']);
  expect(ids.filter((id) => id === first.id)).toHaveLength(2);
  expect(received.filter((request) => request.headers['webhook-id'] === first.id).map((request) => request.status)).toEqual([500, 200]);
  expect(new Set(ids)).toEqual(new Set(events.slice(0, 4).map((event) => event.id)));
  // Product 1's events arrive in sequence order, its second only after its first succeeded.
  const product1 = received.filter((request) => JSON.parse(request.body).data.id === 1).map((request) => request.headers['webhook-id']);
  expect(product1).toEqual([first.id, first.id, events[2].id, events[3].id]);
  expect(JSON.parse(received.find((request) => request.headers['webhook-id'] === events[3].id)!.body)).toEqual({
    type: 'product/updated',
    timestamp: events[3].occurred_at,
    data: events[3].resource,
  });
  // Product 2 did not wait for product 1's retry.
  expect(ids.indexOf(events[1].id)).toBeLessThan(ids.lastIndexOf(first.id));
  expect(webhook!.status).toBe('active');
});

it('lists the attempts and replays an event through WebhookDeliveryService, with the same webhook-id', async () => {
  const deliveries = createClient(webhooks.WebhookDeliveryServiceClient, harness.address);
  const storeId = await aStore(harness);
  const { webhook, signing_secret } = await harness.client.createWebhook(
    aWebhook(storeId, { url: `${receiverUrl}/replay`, events: ['product/updated'] }),
  );
  const published = await publish(storeId, 9);
  const ofEvent = () => received.filter((request) => request.headers['webhook-id'] === published.id);
  await waitFor(() => ofEvent().length === 1 || undefined);

  const listed = await waitFor(async () => {
    const answer = await deliveries.listDeliveries(
      webhooks.ListDeliveriesRequest.fromPartial({ store_id: storeId, webhook_id: webhook!.id }),
    );
    return answer.deliveries.length === 1 ? answer : undefined;
  });
  expect(listed.deliveries[0]).toMatchObject({
    webhook_id: webhook!.id,
    event_id: published.id,
    topic: 'product/updated',
    attempt: 1,
    status_code: 200,
    succeeded: true,
    error: '',
  });
  expect(listed.time_zone).toBe('America/New_York');

  expect(await deliveries.replayEvent({ store_id: storeId, event_id: published.id, webhook_id: 0 })).toEqual({ scheduled: 1 });
  await waitFor(() => ofEvent().length === 2 || undefined);
  const verifier = new StandardWebhook(signing_secret);
  for (const request of ofEvent()) expect(verifier.verify(request.body, request.headers)).toMatchObject({ type: 'product/updated' });
});

it('disables the webhook when the receiver answers 410, naming the 410', async () => {
  const storeId = await aStore(harness);
  const { webhook } = await harness.client.createWebhook(aWebhook(storeId, { url: `${receiverUrl}/gone`, events: ['product/updated'] }));
  const published = await publish(storeId, 5);

  const disabled = await waitFor(async () => {
    const { webhook: now } = await harness.client.getWebhook({ store_id: storeId, webhook_id: webhook!.id });
    return now?.status === 'disabled' ? now : undefined;
  });
  expect(disabled.disabled_reason).toMatch(/^disabled after the receiver answered 410 Gone at /);
  expect(received.filter((request) => request.headers['webhook-id'] === published.id)).toHaveLength(1);
});

it('delivers every event once across a restart of the service mid-stream', async () => {
  const storeId = await aStore(harness);
  await harness.client.createWebhook(aWebhook(storeId, { url: `${receiverUrl}/restart`, events: ['product/updated'] }));
  const published: DomainEvent[] = [];
  for (let n = 0; n < 20; n++) published.push(await publish(storeId, 100 + (n % 4)));
  await harness.restart();
  for (let n = 20; n < 40; n++) published.push(await publish(storeId, 100 + (n % 4)));

  const ofTest = () =>
    received.filter((request) => request.headers['webhook-id'] && published.some((event) => event.id === request.headers['webhook-id']));
  await waitFor(() => ofTest().length >= published.length || undefined, { timeoutMs: 20_000 });

  const ids = ofTest().map((request) => request.headers['webhook-id']);
  expect(new Set(ids).size).toBe(published.length);
  expect(ids).toHaveLength(published.length);
  // Each product's events in the order they were published.
  for (let product = 100; product < 104; product++) {
    const expected = published.filter((event) => event.resource_id === product).map((event) => event.id);
    expect(
      ofTest()
        .filter((request) => JSON.parse(request.body).data.id === product)
        .map((request) => request.headers['webhook-id']),
    ).toEqual(expected);
  }
});
