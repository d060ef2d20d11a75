// Seeing and repairing deliveries (issue 14 item 5): a webhook's deliveries with their attempts, a retry of one
// delivery, and a `webhook/test` ping, against a real receiver on loopback, signed as any delivery.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhooks } from '@commerce/contracts';
import { createClient, GrpcStatus, type ServiceClient } from '@commerce/grpc-runtime';
import { waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { aStore, aWebhook, startWebhooksHarness, type WebhooksHarness, productEventPublisher } from './webhooks.fixture';

interface Received {
  headers: Record<string, string>;
  body: string;
}

let harness: WebhooksHarness;
let deliveries: ServiceClient<webhooks.WebhookDeliveryServiceClient>;
let nc: NatsConnection;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  harness = await startWebhooksHarness({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  deliveries = createClient(webhooks.WebhookDeliveryServiceClient, harness.address);
  nc = await connect({ servers: harness.natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await harness?.stop();
  receiver?.close();
});

const publishProductEvent = productEventPublisher(() => nc);
const publish = (storeId: number, productId: number) => publishProductEvent(storeId, 'product/updated', productId);

const arrivalsOf = (eventId: string) => received.filter((request) => request.headers['webhook-id'] === eventId);

async function deliveredList(storeId: number, webhookId: number, count: number) {
  return waitFor(
    async () => {
      const answer = await deliveries.listWebhookDeliveries({
        store_id: storeId,
        webhook_id: webhookId,
        older_than_id: 0,
        limit: undefined,
      });
      return answer.deliveries.filter((delivery) => delivery.status === 'delivered').length >= count ? answer : undefined;
    },
    { timeoutMs: 15_000 },
  );
}

it("lists a webhook's deliveries newest first, each with its attempts, paged by id", async () => {
  const storeId = await aStore(harness);
  const { webhook } = await harness.client.createWebhook(aWebhook(storeId, { url: receiverUrl, events: ['product/updated'] }));
  const first = await publish(storeId, 1);
  const second = await publish(storeId, 2);

  const answer = await deliveredList(storeId, webhook!.id, 2);

  expect(answer.limit).toBe(50);
  expect(answer.time_zone).toBe('America/New_York');
  expect(answer.deliveries.map((delivery) => delivery.event_id)).toEqual([second.id, first.id]);
  const [latest] = answer.deliveries;
  expect(latest).toMatchObject({ webhook_id: webhook!.id, topic: 'product/updated', status: 'delivered', next_attempt_at: undefined });
  expect(latest.attempts).toHaveLength(1);
  expect(latest.attempts[0]).toMatchObject({ attempt: 1, status_code: 200, succeeded: true, error: '', event_id: second.id });
  expect(latest.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);

  expect(answer.has_more).toBe(false);

  const page1 = await deliveries.listWebhookDeliveries({ store_id: storeId, webhook_id: webhook!.id, older_than_id: 0, limit: 1 });
  expect(page1).toMatchObject({ limit: 1, has_more: true });
  const page2 = await deliveries.listWebhookDeliveries({ store_id: storeId, webhook_id: webhook!.id, older_than_id: latest.id, limit: 1 });
  expect(page2.deliveries.map((delivery) => delivery.event_id)).toEqual([first.id]);
  expect(page2).toMatchObject({ limit: 1, has_more: false });
});

it('retries a delivered delivery: a new attempt with the same webhook-id, signed', async () => {
  const storeId = await aStore(harness);
  const { webhook, signing_secret } = await harness.client.createWebhook(
    aWebhook(storeId, { url: receiverUrl, events: ['product/updated'] }),
  );
  const event = await publish(storeId, 3);
  const [delivery] = (await deliveredList(storeId, webhook!.id, 1)).deliveries;

  const answer = await deliveries.retryDelivery({ store_id: storeId, webhook_id: webhook!.id, delivery_id: delivery.id });
  expect(answer.delivery).toMatchObject({ id: delivery.id, status: 'pending' });

  await waitFor(() => arrivalsOf(event.id).length >= 2 || undefined, { timeoutMs: 15_000 });
  const verifier = new StandardWebhook(signing_secret);
  for (const request of arrivalsOf(event.id)) expect(verifier.verify(request.body, request.headers)).toEqual(JSON.parse(request.body));
  const after = await waitFor(
    async () => {
      const list = await deliveries.listWebhookDeliveries({
        store_id: storeId,
        webhook_id: webhook!.id,
        older_than_id: 0,
        limit: undefined,
      });
      return list.deliveries[0].attempts.length === 2 && list.deliveries[0].status === 'delivered' ? list : undefined;
    },
    { timeoutMs: 15_000 },
  );
  expect(after.deliveries).toHaveLength(1);
});

it('sends a webhook/test ping to that webhook only, unsubscribed as it is, and lists it', async () => {
  const storeId = await aStore(harness);
  const { webhook, signing_secret } = await harness.client.createWebhook(aWebhook(storeId, { url: receiverUrl, events: ['order/paid'] }));
  await harness.client.createWebhook(aWebhook(storeId, { url: `${receiverUrl}/other`, events: ['order/paid'] }));

  const answer = await deliveries.sendTestEvent({ store_id: storeId, webhook_id: webhook!.id });
  expect(answer.delivery).toMatchObject({ webhook_id: webhook!.id, topic: 'webhook/test', status: 'pending' });

  const [ping] = await waitFor(
    () => (arrivalsOf(answer.delivery!.event_id).length > 0 ? arrivalsOf(answer.delivery!.event_id) : undefined),
    { timeoutMs: 15_000 },
  );
  expect(ping.headers['x-webhook-topic']).toBe('webhook/test');
  const body = new StandardWebhook(signing_secret).verify(ping.body, ping.headers) as Record<string, unknown>;
  expect(body).toMatchObject({ type: 'webhook/test', data: { webhook_id: webhook!.id, message: expect.any(String) } });
  const listed = await deliveredList(storeId, webhook!.id, 1);
  expect(listed.deliveries.map((delivery) => delivery.topic)).toEqual(['webhook/test']);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(arrivalsOf(answer.delivery!.event_id)).toHaveLength(1);
  // A ping is not one of the store's events: a replay neither counts nor resends it.
  expect(await deliveries.replayEventsSince({ store_id: storeId, webhook_id: 0, since: new Date(Date.now() - 60_000) })).toEqual({
    scheduled: 0,
    events: 0,
  });
});

it("answers NOT_FOUND for another store's webhook or delivery, and FAILED_PRECONDITION for a disabled webhook", async () => {
  const storeId = await aStore(harness);
  const otherStore = await aStore(harness);
  const { webhook } = await harness.client.createWebhook(aWebhook(storeId, { url: receiverUrl, events: ['product/updated'] }));
  const ping = await deliveries.sendTestEvent({ store_id: storeId, webhook_id: webhook!.id });

  const code = (promise: Promise<unknown>) =>
    promise.then(
      () => 'OK',
      (error: { code: number }) => error.code,
    );
  expect(
    await code(deliveries.listWebhookDeliveries({ store_id: otherStore, webhook_id: webhook!.id, older_than_id: 0, limit: undefined })),
  ).toBe(GrpcStatus.NOT_FOUND);
  expect(await code(deliveries.sendTestEvent({ store_id: otherStore, webhook_id: webhook!.id }))).toBe(GrpcStatus.NOT_FOUND);
  expect(await code(deliveries.retryDelivery({ store_id: otherStore, webhook_id: webhook!.id, delivery_id: ping.delivery!.id }))).toBe(
    GrpcStatus.NOT_FOUND,
  );
  expect(await code(deliveries.retryDelivery({ store_id: storeId, webhook_id: webhook!.id, delivery_id: ping.delivery!.id + 1 }))).toBe(
    GrpcStatus.NOT_FOUND,
  );

  await harness.client.updateWebhook(
    webhooks.UpdateWebhookRequest.fromPartial({ store_id: storeId, webhook_id: webhook!.id, enabled: false }),
  );
  expect(await code(deliveries.sendTestEvent({ store_id: storeId, webhook_id: webhook!.id }))).toBe(GrpcStatus.FAILED_PRECONDITION);
});
