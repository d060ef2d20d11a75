// The events feed's long poll on the real repository (in-memory database): a stored event wakes a waiting call, and
// shutdown releases it (docs/webhooks.md#the-live-event-stream).
import { openDatabase, type Database } from '@commerce/persistence';
import { newEvent, type DomainEvent } from '@commerce/events';
import { waitFor } from '@commerce/testing';
import { DeliveryRepository } from '../infra/delivery.repository';
import { ensureWebhooksIndexes } from '../infra/indexes';
import { WebhookRepository } from '../infra/webhook.repository';
import { listEvents } from './list-events';
import { storeEvent } from './store-event';
import { StoreEventSignals } from './store-event-signals';

const STORE = 7;
let db: Database;
let deps: Parameters<typeof listEvents>[0] & Parameters<typeof storeEvent>[0];

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureWebhooksIndexes(db);
  deps = {
    deliveries: DeliveryRepository.open(db),
    webhooks: new WebhookRepository(db.collection(WebhookRepository.collection)),
    eventSignals: new StoreEventSignals(),
    clock: () => new Date(),
  };
});

afterEach(() => db.close());

let sequence = 0;
const event = (storeId = STORE): DomainEvent =>
  newEvent({
    topic: 'product/updated',
    storeId,
    resourceType: 'product',
    resourceId: 1,
    sequence: ++sequence,
    resource: { id: 1 } as never,
  });
const request = (overrides: Partial<Parameters<typeof listEvents>[2]> = {}) => ({
  since_id: '',
  topic: '',
  topics: [],
  wait_ms: 20_000,
  from_newest: true,
  resource_type: '',
  resource_id: 0,
  order_id: 0,
  ...overrides,
});

it('a waiting call answers the event the intake stores for its store, and only for its store', async () => {
  const started = Date.now();
  const waiting = listEvents(deps, STORE, request());
  await waitFor(() => deps.eventSignals.waiting === 1 || undefined);
  await storeEvent(deps, event(STORE + 1));
  const stored = event();
  await storeEvent(deps, stored);
  const answer = await waiting;
  expect(answer.events.map((text) => (JSON.parse(text) as DomainEvent).id)).toEqual([stored.id]);
  expect(answer.cursor).toBe(stored.id);
  expect(Date.now() - started).toBeLessThan(5_000);
});

it('shutdown releases waiting calls with an empty page, and later calls do not wait', async () => {
  const waiting = listEvents(deps, STORE, request());
  await waitFor(() => deps.eventSignals.waiting === 1 || undefined);
  const released = Date.now();
  deps.eventSignals.release();
  expect(await waiting).toMatchObject({ events: [], cursor: '' });
  expect(await listEvents(deps, STORE, request())).toMatchObject({ events: [] });
  expect(Date.now() - released).toBeLessThan(1_000);
});

it("answers before the caller's deadline", async () => {
  const started = Date.now();
  expect(await listEvents(deps, STORE, request(), started + 800)).toMatchObject({ events: [] });
  expect(Date.now() - started).toBeLessThan(800);
});
