import { OutboxCollection } from '@commerce/events';
import { openDatabase, type Database } from '@commerce/persistence';
import { CustomDomainRepository, type CustomDomainClaim } from './custom-domain.repository';
import { readEmbeddedIndexes } from '@commerce/persistence';
import { removeDir, tempDir } from '@commerce/testing';
import { claimExistingCustomDomains, forgetProcessedCatalogEvents, RETIRED_PROCESSED_EVENTS } from './migrations';
import { StoreRepository, type StoreDocument } from './store.repository';

describe('migration 1: claim the custom domains stores already show', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openDatabase({ engine: 'memory' });
  });
  afterEach(() => db.close());

  it('gives each domain to the oldest store showing it, and skips stores without one', async () => {
    const stores = new OutboxCollection(db.collection<StoreDocument>(StoreRepository.collection));
    for (const [id, custom_domain] of [
      [3, 'shared.example.com'],
      [1, 'shared.example.com'],
      [2, null],
      [4, 'own.example.com'],
    ] as const) {
      await stores.insertOne({ id, custom_domain } as never);
    }

    await claimExistingCustomDomains.run(db);

    const claims = await db.collection<CustomDomainClaim>('custom_domains').find({}, { sort: { domain: 1 } });
    expect(claims.map((claim) => [claim.domain, claim.store_id])).toEqual([
      ['own.example.com', 4],
      ['shared.example.com', 1],
    ]);
    const repository = new CustomDomainRepository(db.collection('custom_domains'));
    expect(await repository.claim('shared.example.com', 3, new Date())).toBe(false);
    expect(await repository.claim('shared.example.com', 1, new Date())).toBe(true);
  });
});

describe('migration 3: forget the handled-event records of the catalog projection', () => {
  let dir: string;
  let db: Database;
  beforeEach(async () => {
    dir = await tempDir('storefront-migration-');
    db = await openDatabase({ engine: 'embedded', dir });
  });
  afterEach(async () => {
    await db.close();
    await removeDir(dir);
  });

  it('deletes the records and their unique index, and changes nothing when run again or on a new database', async () => {
    const processed = db.collection(RETIRED_PROCESSED_EVENTS.collection);
    // As the consumer kept them before: one row per durable and event, unique on `key`.
    await processed.createIndex({ key: 1 }, { unique: true, name: RETIRED_PROCESSED_EVENTS.index });
    const durable = 'storefront-catalog-projection';
    await processed.insertMany(
      ['e1', 'e2', 'e3'].map((id) => ({
        key: `${durable}:${id}`,
        event_id: id,
        durable,
        topic: 'product/created',
        processed_at: '2026-11-20T00:00:00Z',
      })),
    );
    await db.collection('catalog_products').insertOne({ store_id: 1, id: 7, sequence: 1, deleted: false });

    await forgetProcessedCatalogEvents.run(db);
    await forgetProcessedCatalogEvents.run(db);

    expect(await processed.count({})).toBe(0);
    expect(readEmbeddedIndexes(dir, RETIRED_PROCESSED_EVENTS.collection)).toEqual({ recorded: [], built: [] });
    expect(await db.collection('catalog_products').count({})).toBe(1);
  });
});
