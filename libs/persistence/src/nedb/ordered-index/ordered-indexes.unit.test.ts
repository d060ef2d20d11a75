import Datastore from '@seald-io/nedb';
import type { Doc } from '../../collection.port';
import { NedbCollection } from '../nedb.collection';
import { OrderedIndexes } from './ordered-indexes';

const BIG_STORE = 100_000;
const SMALL_STORE = 1_000;

function product(id: number, storeId: number): Doc {
  return { id, store_id: storeId, deleted: id % 50 === 0, status: ['active', 'draft', 'archived'][id % 3], updated_at: new Date(Date.UTC(2024, 0, 1) + id * 1000) };
}

describe('OrderedIndexes on a big and a small store in one collection', () => {
  let store: Datastore<Doc>;
  let indexes: OrderedIndexes;

  beforeAll(async () => {
    store = new Datastore<Doc>({ inMemoryOnly: true });
    indexes = new OrderedIndexes(store);
    indexes.ensure('by_id', { store_id: 1, deleted: 1, id: 1 });
    await store.insertAsync(Array.from({ length: BIG_STORE }, (_, i) => product(i + 1, 1)));
    await store.insertAsync(Array.from({ length: SMALL_STORE }, (_, i) => product(BIG_STORE + i + 1, 2)));
    // Declared over existing documents: built from them.
    indexes.ensure('by_status', { store_id: 1, deleted: 1, status: 1, id: 1 });
    indexes.ensure('by_updated_at', { store_id: 1, deleted: 1, updated_at: 1 });
  });

  it.each([
    ['newest first, page 2', { store_id: 1, deleted: false }, { sort: { id: -1 as const }, skip: 20, limit: 20 }, 'by_id'],
    ['keyset after an id', { store_id: 1, deleted: false, id: { $gt: 500 } }, { sort: { id: 1 as const }, limit: 20 }, 'by_id'],
    ['by status', { store_id: 1, deleted: false, status: 'active' }, { sort: { id: 1 as const }, skip: 40, limit: 20 }, 'by_status'],
    ['recently updated', { store_id: 1, deleted: false }, { sort: { updated_at: -1 as const }, limit: 20 }, 'by_updated_at'],
  ])('reads 20 documents for a page of 20 (%s) and none to count it, whatever the store size', (_case, filter, options, index) => {
    for (const storeId of [1, 2]) {
      const found = indexes.find({ ...filter, store_id: storeId }, options);
      const counted = indexes.count({ ...filter, store_id: storeId });

      expect({ index: found?.plan.index.name, examined: found?.examined, returned: found?.result.length }).toEqual({ index, examined: 20, returned: 20 });
      expect({ examined: counted?.examined, covered: counted?.plan.covered }).toEqual({ examined: 0, covered: true });
    }
  });

  it('returns the page NeDB returns, and the same count', async () => {
    const filter = { store_id: 2, deleted: false, id: { $gt: BIG_STORE + 100 } };

    const page = indexes.find(filter, { sort: { id: -1 }, skip: 20, limit: 20 })?.result.map((doc) => doc.id);
    const nedbPage = (await store.findAsync(filter).sort({ id: -1 }).skip(20).limit(20)).map((doc) => doc.id);

    expect(page).toEqual(nedbPage);
    expect(indexes.count(filter)?.result).toBe(await store.countAsync(filter));
  });

  it('reads only the documents it needs for a filter the index does not cover, stopping at the page', () => {
    const found = indexes.find({ store_id: 1, deleted: false, price_cents: { $exists: false } }, { sort: { id: 1 }, limit: 20 });

    expect(found).toMatchObject({ plan: { covered: false }, examined: 20 });
  });
});

describe('OrderedIndexes follow every change NeDB makes', () => {
  it('after inserts, updates, upserts and removals made directly on the store', async () => {
    const store = new Datastore<Doc>({ inMemoryOnly: true });
    const indexes = new OrderedIndexes(store, 2);
    indexes.ensure('by_status', { store_id: 1, status: 1, id: 1 });
    const activeIds = () => indexes.find({ store_id: 1, status: 'active' }, { sort: { id: 1 } })?.result.map((doc) => doc.id);

    await store.insertAsync([1, 2, 3, 4].map((id) => ({ id, store_id: 1, status: 'active' })));
    await store.updateAsync({ id: { $in: [2, 3] } }, { $set: { status: 'draft' } }, { multi: true });
    await store.updateAsync({ id: 5 }, { $set: { store_id: 1, status: 'active' } }, { upsert: true });
    await store.removeAsync({ id: 4 }, {});
    await expect(store.insertAsync({ _id: (await store.findOneAsync({ id: 1 }))?._id, id: 9 })).rejects.toThrow();

    expect(activeIds()).toEqual([1, 5]);
    expect(indexes.count({ store_id: 1, status: 'draft' })?.result).toBe(2);
  });

  it('after NeDB reloads its content', async () => {
    const store = new Datastore<Doc>({ inMemoryOnly: true });
    const indexes = new OrderedIndexes(store);
    indexes.ensure('by_store', { store_id: 1, id: 1 });
    await store.insertAsync([{ id: 1, store_id: 1 }]);

    // An in-memory store reloads empty.
    await store.loadDatabaseAsync();

    expect(indexes.count({ store_id: 1 })?.result).toBe(0);
  });

  it('refuses a NeDB without the index maintenance methods it follows', () => {
    expect(() => new OrderedIndexes({ getAllData: () => [] })).toThrow('_addToIndexes');
  });
});

describe('NedbCollection.explain', () => {
  it('names the index, whether it covers the filter and sorts the page, and what it read', async () => {
    const products = new NedbCollection<Doc>(new Datastore<Doc>({ inMemoryOnly: true }), async () => undefined);
    await products.insertMany(Array.from({ length: 200 }, (_, i) => product(i + 1, 1 + (i % 2))));
    await products.createIndex({ store_id: 1, deleted: 1, id: 1 }, { name: 'products_by_store' });

    expect(await products.explain({ store_id: 1, deleted: false }, { sort: { id: -1 }, limit: 20 })).toEqual({
      index: 'products_by_store',
      covered: true,
      sortedByIndex: true,
      examined: 20,
      returned: 20,
    });
    expect(await products.explain({ store_id: 1, deleted: false }, { count: true })).toMatchObject({ examined: 0, returned: 100 });
    expect(await products.explain({ status: 'active' })).toEqual({ index: null, covered: false, sortedByIndex: false, examined: null, returned: 66 });
  });
});
