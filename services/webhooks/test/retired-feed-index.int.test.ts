// The events feed's index from before feed keys (events_store_received) cost every event insert and served no query
// (issue 10): a database written by the older code loses it at the next start, a new one never has it.
import { openDatabase, readEmbeddedIndexes, type Database } from '@commerce/persistence';
import { createLogger } from '@commerce/observability';
import { MIGRATIONS_COLLECTION, runMigrations } from '@commerce/service-host';
import { removeDir, tempDir } from '@commerce/testing';
import type { StoredEventDocument } from '../src/infra/delivery.documents';
import { DeliveryRepository } from '../src/infra/delivery.repository';
import { ensureDeliveryIndexes } from '../src/infra/indexes';
import { dropTheRetiredFeedIndex, keyTheEventsFeed, RETIRED_FEED_INDEX, WEBHOOKS_MIGRATIONS } from '../src/infra/migrations';

const logger = createLogger({ service: 'webhooks-migrations-test', level: 'silent' });
const STORE = 7;
const RECEIVED = new Date('2026-03-01T10:00:00.000Z');

let dir: string;

beforeEach(async () => {
  dir = await tempDir('webhooks-retired-index-');
});

afterEach(() => removeDir(dir));

function anEvent(id: string): StoredEventDocument {
  return {
    id,
    topic: 'product/updated',
    store_id: STORE,
    occurred_at: RECEIVED.toISOString(),
    resource: { id: 1 },
    sequence: 1,
    resource_type: 'product',
    resource_id: 1,
    received_at: RECEIVED,
    fanned_out: true,
  };
}

/** Opens the data directory, does what a start does with it (indexes, then the migrations), and closes it. */
async function withDatabase<R>(work: (db: Database, deliveries: DeliveryRepository) => Promise<R>): Promise<R> {
  const db = await openDatabase({ engine: 'embedded', dir });
  try {
    return await work(db, DeliveryRepository.open(db));
  } finally {
    await db.close();
  }
}

const startAsNow = (db: Database, deliveries: DeliveryRepository) =>
  ensureDeliveryIndexes(deliveries).then(() => runMigrations(db, { service: WEBHOOKS_MIGRATIONS }, logger));

it('drops the index from a database the older code wrote, keeping the events and every other index', async () => {
  // As the older code left it: its indexes (the retired one with them), its one migration, an event.
  await withDatabase(async (db, deliveries) => {
    await ensureDeliveryIndexes(deliveries);
    await deliveries.events.createIndex({ store_id: 1, received_at: 1, id: 1 }, { name: RETIRED_FEED_INDEX });
    await runMigrations(db, { service: [keyTheEventsFeed] }, logger);
    await deliveries.insertEvent(anEvent('kept'));
  });
  const before = readEmbeddedIndexes(dir, 'events');
  expect(before.recorded).toContain(RETIRED_FEED_INDEX);
  expect(before.built).toContain(`events/${RETIRED_FEED_INDEX}`);

  const feed = await withDatabase(async (db, deliveries) => {
    await startAsNow(db, deliveries);
    return deliveries.feed(STORE, ['product/updated'], null, 10);
  });

  const after = readEmbeddedIndexes(dir, 'events');
  expect(after.recorded).toEqual(before.recorded.filter((name) => name !== RETIRED_FEED_INDEX));
  expect(after.built).toEqual(before.built.filter((name) => name !== `events/${RETIRED_FEED_INDEX}`));
  expect(feed.map((event) => event.id)).toEqual(['kept']);
});

it('never builds it in a new database, where the migration is recorded as ran and changes nothing', async () => {
  const migrated = await withDatabase(async (db, deliveries) => {
    await startAsNow(db, deliveries);
    return db.collection(MIGRATIONS_COLLECTION).find({}, { sort: { _id: 1 } });
  });

  const indexes = readEmbeddedIndexes(dir, 'events');
  expect(indexes.recorded).not.toContain(RETIRED_FEED_INDEX);
  expect(indexes.recorded).toEqual([
    'events_fan_out',
    'events_id',
    'events_received',
    'events_resource_sequence',
    'events_store_feed',
    'events_store_history',
    'events_store_occurred',
  ]);
  expect(indexes.built.filter((name) => name.includes(RETIRED_FEED_INDEX))).toEqual([]);
  expect(migrated.map((record) => record._id)).toEqual(['service/1', 'service/2', 'service/3']);
});

it('is harmless to run again (a crash between the drop and its record runs it at the next start)', async () => {
  await withDatabase(async (db, deliveries) => {
    await ensureDeliveryIndexes(deliveries);
    await deliveries.events.createIndex({ store_id: 1, received_at: 1, id: 1 }, { name: RETIRED_FEED_INDEX });
    await dropTheRetiredFeedIndex.run(db);
    await dropTheRetiredFeedIndex.run(db);
  });

  expect(readEmbeddedIndexes(dir, 'events').recorded).not.toContain(RETIRED_FEED_INDEX);
  expect(readEmbeddedIndexes(dir, 'events').built).toHaveLength(8); // seven indexes, and the partial twin of the unique events_id
});
