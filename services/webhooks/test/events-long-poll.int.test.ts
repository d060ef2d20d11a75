// The events feed's long poll (docs/webhooks.md#the-live-event-stream): ListEvents with wait_ms waits for the store's next
// event, answers empty when none comes, filters by topics, and starts "from now" with from_newest.
import { webhooks } from '@commerce/contracts';
import { createClient, GrpcStatus, type ServiceClient } from '@commerce/grpc-runtime';
import type { DomainEvent } from '@commerce/events';
import { waitFor } from '@commerce/testing';
import { connect, type NatsConnection } from 'nats';
import { aStore, startWebhooksHarness, type WebhooksHarness, productEventPublisher } from './webhooks.fixture';

let harness: WebhooksHarness;
let deliveries: ServiceClient<webhooks.WebhookDeliveryServiceClient>;
let nc: NatsConnection;

beforeAll(async () => {
  harness = await startWebhooksHarness();
  deliveries = createClient(webhooks.WebhookDeliveryServiceClient, harness.address, { deadlineMs: 20_000 });
  nc = await connect({ servers: harness.natsUrl });
});

afterAll(async () => {
  await nc?.close();
  await harness?.stop();
});

const publish = productEventPublisher(() => nc);

const feed = (storeId: number, request: Partial<webhooks.ListEventsRequest> = {}) =>
  deliveries.listEvents(webhooks.ListEventsRequest.fromPartial({ store_id: storeId, ...request }));
const idsOf = (answer: webhooks.ListEventsResponse) => answer.events.map((text) => (JSON.parse(text) as DomainEvent).id);

/** A store whose feed holds one event already; answers the store and that event. */
async function aStoreWithAnEvent(): Promise<{ storeId: number; first: DomainEvent }> {
  const storeId = await aStore(harness);
  const first = await publish(storeId, 'product/created', 1);
  await waitFor(async () => ((await feed(storeId)).events.length === 1 ? true : undefined), { timeoutMs: 10_000 });
  return { storeId, first };
}

it("answers as soon as the store's next event is stored, with it as the cursor", async () => {
  const { storeId, first } = await aStoreWithAnEvent();
  const started = Date.now();
  const waiting = feed(storeId, { since_id: first.id, wait_ms: 15_000 });
  const next = await publish(storeId, 'product/updated', 1);
  const answer = await waiting;
  expect(idsOf(answer)).toEqual([next.id]);
  expect(answer.cursor).toBe(next.id);
  expect(Date.now() - started).toBeLessThan(10_000);
});

it('answers empty once wait_ms passes without an event, the cursor still the since_id given', async () => {
  const { storeId, first } = await aStoreWithAnEvent();
  const started = Date.now();
  const answer = await feed(storeId, { since_id: first.id, wait_ms: 600 });
  expect(answer).toMatchObject({ events: [], has_more: false, cursor: first.id });
  expect(Date.now() - started).toBeGreaterThanOrEqual(550);
});

it('waits past events of other topics and answers those of the topics asked for', async () => {
  const { storeId, first } = await aStoreWithAnEvent();
  const waiting = feed(storeId, { since_id: first.id, topics: ['product/created', 'order/paid'], wait_ms: 15_000 });
  await publish(storeId, 'product/updated', 1);
  const created = await publish(storeId, 'product/created', 2);
  expect(idsOf(await waiting)).toEqual([created.id]);
  // The single topic still works, and with topics it is their union.
  expect(idsOf(await feed(storeId, { since_id: first.id, topic: 'product/updated', topics: ['product/created'] }))).toHaveLength(2);
});

it("starts after the store's newest kept event with from_newest, and from the oldest when the store has none", async () => {
  const { storeId } = await aStoreWithAnEvent();
  const newest = await publish(storeId, 'product/updated', 1);
  await waitFor(async () => ((await feed(storeId)).events.length === 2 ? true : undefined), { timeoutMs: 10_000 });
  expect(await feed(storeId, { from_newest: true })).toMatchObject({ events: [], cursor: newest.id });
  const later = await publish(storeId, 'product/updated', 1);
  expect(idsOf(await feed(storeId, { since_id: newest.id, wait_ms: 15_000 }))).toEqual([later.id]);

  const quiet = await aStore(harness);
  expect(await feed(quiet, { from_newest: true })).toMatchObject({ events: [], cursor: '' });
});

it('refuses topics that are not public and a wait_ms past 30 seconds, before waiting', async () => {
  const storeId = await aStore(harness);
  for (const request of [{ topics: ['product/created', 'webhook/test'] }, { wait_ms: 30_001 }, { wait_ms: -1 }]) {
    const error = await feed(storeId, request).then(
      () => undefined,
      (failure: { code: number; fieldViolations?: Record<string, string[]> }) => failure,
    );
    expect(error?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(Object.keys(error?.fieldViolations ?? {})).toEqual(Object.keys(request));
  }
});
