// The events feed's history filters (docs/webhooks.md#the-events-feed): `order_id` keeps an order's history (its order/*
// events and its fulfillments' and refunds', whose resource is the fulfillment or refund), `resource_type` with
// `resource_id` one resource's events; both combine with the topics and page by since_id as the whole feed does.
import { webhooks } from '@commerce/contracts';
import { encodeEvent, eventSubject, newEvent, type DomainEvent, type EventTopic } from '@commerce/events';
import { createClient, GrpcStatus, type ServiceClient } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { aStore, startWebhooksHarness, type WebhooksHarness } from './webhooks.fixture';

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

const feed = (storeId: number, request: Partial<webhooks.ListEventsRequest> = {}) =>
  deliveries.listEvents(webhooks.ListEventsRequest.fromPartial({ store_id: storeId, limit: 250, ...request }));
const topicsOf = async (storeId: number, request: Partial<webhooks.ListEventsRequest>) =>
  (await feed(storeId, request)).events.map((text) => {
    const event = JSON.parse(text) as DomainEvent;
    return `${event.topic} ${event.resource_type}:${event.resource_id}`;
  });

let sequence = 0;

/** Publishes an event as its context would (orders' resources carry their order_id), and waits until the feed has it. */
async function publish(
  storeId: number,
  context: 'orders' | 'catalog',
  topic: EventTopic,
  resource: { type: string; id: number; order_id?: number },
): Promise<DomainEvent> {
  const event = newEvent({
    topic,
    storeId,
    resourceType: resource.type,
    resourceId: resource.id,
    sequence: ++sequence,
    resource: { id: resource.id, ...(resource.order_id ? { order_id: resource.order_id } : {}) } as never,
  });
  await nc.jetstream().publish(eventSubject(context, event), encodeEvent(event), { msgID: event.id });
  // One at a time, so the order received is the order published.
  await waitFor(async () => ((await feed(storeId)).events.some((text) => text.includes(event.id)) ? true : undefined));
  return event;
}

/** A store with two orders' histories and a product's events, interleaved. */
async function storeWithHistories(): Promise<number> {
  const storeId = await aStore(harness);
  await publish(storeId, 'orders', 'order/created', { type: 'order', id: 10 });
  await publish(storeId, 'orders', 'order/created', { type: 'order', id: 20 });
  await publish(storeId, 'catalog', 'product/updated', { type: 'product', id: 10 });
  await publish(storeId, 'orders', 'order/paid', { type: 'order', id: 10 });
  await publish(storeId, 'orders', 'fulfillment/updated', { type: 'fulfillment', id: 5, order_id: 10 });
  await publish(storeId, 'orders', 'fulfillment/updated', { type: 'fulfillment', id: 6, order_id: 20 });
  await publish(storeId, 'orders', 'refund/created', { type: 'refund', id: 7, order_id: 10 });
  await publish(storeId, 'orders', 'fulfillment/updated', { type: 'fulfillment', id: 5, order_id: 10 });
  await publish(storeId, 'orders', 'order/shipped', { type: 'order', id: 10 });
  return storeId;
}

let storeId: number;

beforeAll(async () => {
  storeId = await storeWithHistories();
});

it("answers an order's history with order_id: its events and its fulfillments' and refunds', in the feed's order", async () => {
  expect(await topicsOf(storeId, { order_id: 10 })).toEqual([
    'order/created order:10',
    'order/paid order:10',
    'fulfillment/updated fulfillment:5',
    'refund/created refund:7',
    'fulfillment/updated fulfillment:5',
    'order/shipped order:10',
  ]);
  expect(await topicsOf(storeId, { order_id: 20 })).toEqual(['order/created order:20', 'fulfillment/updated fulfillment:6']);
  expect(await topicsOf(storeId, { order_id: 30 })).toEqual([]);
});

it('answers one resource with resource_type and resource_id: the events whose envelope names it', async () => {
  expect(await topicsOf(storeId, { resource_type: 'order', resource_id: 10 })).toEqual([
    'order/created order:10',
    'order/paid order:10',
    'order/shipped order:10',
  ]);
  expect(await topicsOf(storeId, { resource_type: 'fulfillment', resource_id: 5 })).toEqual([
    'fulfillment/updated fulfillment:5',
    'fulfillment/updated fulfillment:5',
  ]);
  expect(await topicsOf(storeId, { resource_type: 'refund', resource_id: 7 })).toEqual(['refund/created refund:7']);
  expect(await topicsOf(storeId, { resource_type: 'product', resource_id: 10 })).toEqual(['product/updated product:10']);
  expect(await topicsOf(storeId, { resource_type: 'fulfillment', resource_id: 99 })).toEqual([]);
  expect(await topicsOf(storeId, { order_id: 10, resource_type: 'refund', resource_id: 7 })).toEqual(['refund/created refund:7']);
  expect(await topicsOf(storeId, { order_id: 20, resource_type: 'refund', resource_id: 7 })).toEqual([]);
});

it('combines with the topics, and pages by since_id within the history', async () => {
  expect(await topicsOf(storeId, { order_id: 10, topics: ['fulfillment/updated', 'order/shipped'] })).toEqual([
    'fulfillment/updated fulfillment:5',
    'fulfillment/updated fulfillment:5',
    'order/shipped order:10',
  ]);

  const pages: string[][] = [];
  let page = await feed(storeId, { order_id: 10, limit: 4 });
  pages.push(page.events.map((text) => (JSON.parse(text) as DomainEvent).topic));
  expect(page.has_more).toBe(true);
  page = await feed(storeId, { order_id: 10, limit: 4, since_id: page.cursor });
  pages.push(page.events.map((text) => (JSON.parse(text) as DomainEvent).topic));
  expect(page.has_more).toBe(false);
  expect(pages).toEqual([
    ['order/created', 'order/paid', 'fulfillment/updated', 'refund/created'],
    ['fulfillment/updated', 'order/shipped'],
  ]);
});

it("never answers another store's events of the same order or resource", async () => {
  const otherStore = await aStore(harness);
  await publish(otherStore, 'orders', 'order/paid', { type: 'order', id: 10 });
  await publish(otherStore, 'orders', 'refund/created', { type: 'refund', id: 7, order_id: 10 });

  expect(await topicsOf(otherStore, { order_id: 10 })).toEqual(['order/paid order:10', 'refund/created refund:7']);
  expect(await topicsOf(storeId, { order_id: 10, topics: ['order/paid'] })).toEqual(['order/paid order:10']);
  expect(await topicsOf(storeId, { resource_type: 'refund', resource_id: 7 })).toEqual(['refund/created refund:7']);
});

it("waits, with wait_ms, for the order's next event and answers it alone", async () => {
  const last = await feed(storeId, { order_id: 20 });
  const waiting = feed(storeId, { order_id: 20, since_id: last.cursor, wait_ms: 15_000 });
  await publish(storeId, 'orders', 'order/paid', { type: 'order', id: 10 });
  await publish(storeId, 'orders', 'order/paid', { type: 'order', id: 20 });

  const answer = await waiting;
  expect(answer.events.map((text) => (JSON.parse(text) as DomainEvent).resource_id)).toEqual([20]);
});

it('refuses a resource_type without its resource_id and the other way round, a type envelopes never use, and negative ids', async () => {
  const cases: Array<[Partial<webhooks.ListEventsRequest>, Record<string, string[]>]> = [
    [{ resource_type: 'order' }, { resource_id: ['is required with resource_type'] }],
    [{ resource_id: 10 }, { resource_type: ['is required with resource_id'] }],
    [{ resource_type: 'Order!', resource_id: 10 }, { resource_type: ['is not a resource type: "Order!"'] }],
    [{ resource_type: 'order', resource_id: -1 }, { resource_id: ['must be a positive id'] }],
    [{ order_id: -5 }, { order_id: ['must be a positive id'] }],
  ];
  for (const [request, violations] of cases) {
    const error = await rejectionOf(feed(storeId, request));
    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual(violations);
  }
});
