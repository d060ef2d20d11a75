import Datastore from '@seald-io/nedb';
import type { Doc, Filter, FindOptions } from '../../collection.port';
import { NedbCollection } from '../nedb.collection';
import { pick, randomDocument, randomFilter, randomFindOptions, seededRandom, type Random } from './random-documents.fixture';

/**
 * The ordered indexes must answer exactly what NeDB answers without them. Every query runs on a
 * collection with indexes (tiny chunks, so chunks split and merge) and on a bare NeDB store that
 * received the same writes; the answers are compared.
 */
const INDEXES: Record<string, 1 | -1>[] = [
  { storeId: 1, deleted: 1, id: 1 },
  { storeId: 1, deleted: 1, status: 1, id: 1 },
  { storeId: 1, deleted: 1, updatedAt: -1, id: -1 },
  { storeId: 1, rank: 1, id: 1 },
  { deleted: -1, rank: -1 },
  { id: 1 },
];

interface Pair {
  indexed: NedbCollection<Doc>;
  bare: Datastore<Doc>;
}

async function pairWith(docs: Doc[]): Promise<Pair> {
  const indexed = new NedbCollection<Doc>(new Datastore<Doc>({ inMemoryOnly: true }), async () => undefined, { maxChunkSize: 4 });
  const bare = new Datastore<Doc>({ inMemoryOnly: true });
  await indexed.insertMany(docs.slice(0, docs.length >> 1));
  for (const keys of INDEXES) await indexed.createIndex(keys);
  await indexed.insertMany(docs.slice(docs.length >> 1));
  await bare.insertAsync(docs);
  return { indexed, bare };
}

async function bareFind(bare: Datastore<Doc>, filter: Filter, options: FindOptions): Promise<Doc[]> {
  let cursor = bare.findAsync(filter);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  return ((await cursor) as Doc[]).map(({ _id, ...doc }) => doc);
}

async function expectSameAnswers({ indexed, bare }: Pair, filter: Filter, options: FindOptions): Promise<void> {
  const context = JSON.stringify({ filter, options });
  expect({ context, docs: await indexed.find(filter, options) }).toEqual({ context, docs: await bareFind(bare, filter, options) });
  expect({ context, count: await indexed.count(filter) }).toEqual({ context, count: await bare.countAsync(filter) });
}

/** The same random write on both sides. */
async function randomWrite(random: Random, { indexed, bare }: Pair, ids: { last: number }): Promise<void> {
  const filter = randomFilter(random);
  const set = pick(random, [{ status: 'archived' }, { deleted: true }, { deleted: false }, { rank: 3 }, { rank: 's1' }, { storeId: 2 }]);
  switch (pick(random, ['insert', 'update', 'updateMany', 'upsert', 'delete', 'deleteMany'])) {
    case 'insert': {
      const doc = randomDocument(random, (ids.last += 1));
      await indexed.insertOne(doc);
      await bare.insertAsync(doc);
      return;
    }
    case 'update': {
      // One document, the same on both sides: the first the bare store finds, by id.
      const [first] = await bareFind(bare, filter, { sort: { id: 1 }, limit: 1 });
      await indexed.updateOne({ id: first?.id ?? 0 }, { $set: set, $inc: { version: 1 } });
      await bare.updateAsync({ id: first?.id ?? 0 }, { $set: set, $inc: { version: 1 } });
      return;
    }
    case 'updateMany':
      await indexed.updateMany(filter, { $set: set });
      await bare.updateAsync(filter, { $set: set }, { multi: true });
      return;
    case 'upsert': {
      // A new id inserts (seeded from the filter), an existing one updates; ids stay unique.
      const target = random() < 0.5 ? { id: (ids.last += 1), storeId: 3, deleted: false } : { id: 1 + Math.floor(random() * ids.last) };
      await indexed.updateOne(target, { $set: set }, { upsert: true });
      await bare.updateAsync(target, { $set: set }, { upsert: true });
      return;
    }
    case 'delete': {
      const [first] = await bareFind(bare, filter, { sort: { id: 1 }, limit: 1 });
      await indexed.deleteOne({ id: first?.id ?? 0 });
      await bare.removeAsync({ id: first?.id ?? 0 }, {});
      return;
    }
    default:
      await indexed.deleteMany(filter);
      await bare.removeAsync(filter, { multi: true });
  }
}

describe('ordered indexes answer exactly what NeDB answers', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('on random catalog-shaped data, queries and writes (seed %i)', async (seed) => {
    const random = seededRandom(seed);
    const ids = { last: 0 };
    const pair = await pairWith(Array.from({ length: 120 }, () => randomDocument(random, (ids.last += 1))));

    for (let round = 0; round < 60; round += 1) {
      await expectSameAnswers(pair, randomFilter(random), randomFindOptions(random));
      await randomWrite(random, pair, ids);
    }
  });

  it('matches stored nulls with a Date upper bound, as NeDB compares null with a Date as 0', async () => {
    const docs = [
      { id: 1, storeId: 1, deleted: false, updatedAt: null },
      { id: 2, storeId: 1, deleted: false, updatedAt: new Date('2024-01-02T00:00:00Z') },
      { id: 3, storeId: 1, deleted: false },
      { id: 4, storeId: 1, deleted: false, updatedAt: new Date('1969-12-31T00:00:00Z') },
    ];
    const pair = await pairWith(docs);

    for (const sort of [{ updatedAt: 1 }, { updatedAt: -1 }] as const) {
      await expectSameAnswers(pair, { storeId: 1, deleted: false, updatedAt: { $lt: new Date('2024-06-01T00:00:00Z') } }, { sort });
      await expectSameAnswers(pair, { storeId: 1, deleted: false, updatedAt: { $gte: new Date('1969-01-01T00:00:00Z') } }, { sort, skip: 1 });
    }
    expect(await pair.indexed.explain({ storeId: 1, deleted: false, updatedAt: { $lte: new Date('2024-06-01T00:00:00Z') } }, { count: true })).toMatchObject({
      covered: true,
      examined: 0,
      returned: 3,
    });
  });
});
