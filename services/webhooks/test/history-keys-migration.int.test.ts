// The events kept from before history keys (docs/webhooks.md#the-events-feed): migration 3 gives the public ones theirs, so
// the feed's order and resource filters find them too.
import { PUBLIC_TOPICS } from '@commerce/events';
import { createLogger } from '@commerce/observability';
import { openDatabase, type Database } from '@commerce/persistence';
import { runMigrations } from '@commerce/service-host';
import { removeDir, tempDir } from '@commerce/testing';
import type { StoredEventDocument } from '../src/infra/delivery.documents';
import { DeliveryRepository } from '../src/infra/delivery.repository';
import { ensureDeliveryIndexes } from '../src/infra/indexes';
import { dropTheRetiredFeedIndex, keyTheEventsFeed, WEBHOOKS_MIGRATIONS } from '../src/infra/migrations';

const logger = createLogger({ service: 'webhooks-migrations-test', level: 'silent' });
const STORE = 7;
const RECEIVED = new Date('2026-03-01T10:00:00.000Z');

let dir: string;

beforeEach(async () => {
  dir = await tempDir('webhooks-history-keys-');
});

afterEach(() => removeDir(dir));

/** An event as the older code stored it: no history key. */
function anOlderEvent(n: number, topic: string, type: string, resource: Record<string, unknown> | null): StoredEventDocument {
  return {
    id: `e${n}`,
    topic,
    store_id: STORE,
    occurred_at: RECEIVED.toISOString(),
    resource,
    sequence: n,
    resource_type: type,
    resource_id: Number(resource?.id ?? 1),
    received_at: RECEIVED,
    feed_key: RECEIVED.getTime() * 1000 + n,
    fanned_out: true,
  };
}

async function withDatabase<R>(work: (db: Database, deliveries: DeliveryRepository) => Promise<R>): Promise<R> {
  const db = await openDatabase({ engine: 'embedded', dir });
  try {
    return await work(db, DeliveryRepository.open(db));
  } finally {
    await db.close();
  }
}

it("gives the public events kept from before their history key, an order's fulfillments and refunds its own", async () => {
  await withDatabase(async (db, deliveries) => {
    await ensureDeliveryIndexes(deliveries);
    await runMigrations(db, { service: [keyTheEventsFeed, dropTheRetiredFeedIndex] }, logger);
    await deliveries.events.insertMany([
      anOlderEvent(1, 'order/created', 'order', { id: 10 }),
      anOlderEvent(2, 'fulfillment/updated', 'fulfillment', { id: 5, order_id: 10 }),
      anOlderEvent(3, 'product/updated', 'product', { id: 10 }),
      anOlderEvent(4, 'refund/created', 'refund', { id: 7, order_id: 10 }),
      anOlderEvent(5, 'store/created', 'store', null),
    ]);
  });

  const { order, product, marks } = await withDatabase(async (db, deliveries) => {
    await ensureDeliveryIndexes(deliveries);
    await runMigrations(db, { service: WEBHOOKS_MIGRATIONS }, logger);
    const idsOf = (events: StoredEventDocument[]) => events.map((event) => event.id);
    return {
      order: idsOf(await deliveries.feed(STORE, PUBLIC_TOPICS, null, 50, { historyKey: 'order:10' })),
      product: idsOf(await deliveries.feed(STORE, PUBLIC_TOPICS, null, 50, { historyKey: 'product:10' })),
      marks: await deliveries.events.count({ history_key: { $exists: false } }),
    };
  });

  expect(order).toEqual(['e1', 'e2', 'e4']);
  expect(product).toEqual(['e3']);
  // The internal event's sequence mark is in no history: the feed never lists it.
  expect(marks).toBe(1);
});
