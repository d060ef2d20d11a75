// The events feed (docs/webhooks.md#the-events-feed): a store's kept public events, oldest first after since_id, cursor paged, as
// published.
import { webhooks } from '@commerce/contracts';
import { createClient, GrpcStatus, type ServiceClient } from '@commerce/grpc-runtime';
import type { DomainEvent } from '@commerce/events';
import { waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { aStore, aWebhook, startWebhooksHarness, type WebhooksHarness, productEventPublisher } from './webhooks.fixture';

let harness: WebhooksHarness;
let deliveries: ServiceClient<webhooks.WebhookDeliveryServiceClient>;
let nc: NatsConnection;

beforeAll(async () => {
  harness = await startWebhooksHarness({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  deliveries = createClient(webhooks.WebhookDeliveryServiceClient, harness.address);
  nc = await connect({ servers: harness.natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await harness?.stop();
});

const publish = productEventPublisher(() => nc);

const feed = (storeId: number, request: Partial<webhooks.ListEventsRequest> = {}) =>
  deliveries.listEvents(webhooks.ListEventsRequest.fromPartial({ store_id: storeId, ...request }));
const parsed = (answer: webhooks.ListEventsResponse) => answer.events.map((text) => JSON.parse(text) as DomainEvent);

it("answers the store's events as published, oldest first, paged after since_id, filtered by topic, without pings", async () => {
  const storeId = await aStore(harness);
  const otherStore = await aStore(harness);
  const { webhook } = await harness.client.createWebhook(aWebhook(storeId, { url: 'http://127.0.0.1:9/hooks', events: ['order/paid'] }));
  await deliveries.sendTestEvent({ store_id: storeId, webhook_id: webhook!.id });
  const published: DomainEvent[] = [];
  for (let n = 1; n <= 3; n++) {
    published.push(await publish(storeId, n === 2 ? 'product/created' : 'product/updated', n));
    // One at a time, so the order received is the order published.
    await waitFor(async () => ((await feed(storeId)).events.length >= n ? true : undefined), { timeoutMs: 10_000 });
  }
  await publish(otherStore, 'product/updated', 9);
  await waitFor(async () => ((await feed(otherStore)).events.length === 1 ? true : undefined), { timeoutMs: 10_000 });

  const all = await feed(storeId);
  expect(all.limit).toBe(50);
  expect(parsed(all)).toEqual(published);

  expect(all.has_more).toBe(false);

  const first = await feed(storeId, { limit: 2 });
  expect(parsed(first).map((event) => event.id)).toEqual([published[0].id, published[1].id]);
  expect(first.has_more).toBe(true);
  const second = await feed(storeId, { limit: 2, since_id: published[1].id });
  expect(parsed(second).map((event) => event.id)).toEqual([published[2].id]);
  expect(second.has_more).toBe(false);
  // A full page that ends at the newest event has nothing after it either.
  expect(await feed(storeId, { limit: 3 })).toMatchObject({ has_more: false });
  expect(await feed(storeId, { since_id: published[2].id })).toMatchObject({ events: [], has_more: false });

  expect(parsed(await feed(storeId, { topic: 'product/created' })).map((event) => event.id)).toEqual([published[1].id]);
});

it('refuses a topic that is not public and a since_id that is not a kept event of the store', async () => {
  const storeId = await aStore(harness);
  const otherStore = await aStore(harness);
  const other = await publish(otherStore, 'product/updated', 1);
  await waitFor(async () => ((await feed(otherStore)).events.length === 1 ? true : undefined), { timeoutMs: 10_000 });

  for (const request of [{ topic: 'webhook/test' }, { topic: 'api_key/rotated' }, { since_id: other.id }, { since_id: 'nope' }]) {
    const error = await feed(storeId, request).then(
      () => undefined,
      (failure: { code: number; fieldViolations?: Record<string, string[]> }) => failure,
    );
    expect(error?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(Object.keys(error?.fieldViolations ?? {})).toEqual(Object.keys(request));
  }
});
