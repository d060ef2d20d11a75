import { openDatabase, type Database, type Doc } from '@commerce/persistence';
import { kickAfterWrites } from './relayed-collection';

let db: Database;

beforeEach(async () => {
  db = await openDatabase({ engine: 'memory' });
});

afterEach(() => db.close());

function wired() {
  const calls: string[] = [];
  const inserted: Doc[] = [];
  const collection = kickAfterWrites(db.collection<Doc>('products'), {
    kick: () => calls.push('kick'),
    inserted: (doc) => {
      calls.push('inserted');
      inserted.push(doc);
    },
  });
  return { collection, calls, inserted };
}

describe('kickAfterWrites', () => {
  it('hands an inserted document with events to the relay as written, once it is stored', async () => {
    const { collection, calls, inserted } = wired();
    const outbox = [{ id: 'e1', topic: 'product/created' }];

    const pending = collection.insertOne({ id: 1, name: 'Mug', outbox });
    expect(calls).toEqual([]);
    await pending;

    expect(calls).toEqual(['inserted']);
    expect(inserted).toEqual([{ id: 1, name: 'Mug', outbox }]);
    expect(await db.collection('products').findOne({ id: 1 })).toMatchObject({ outbox });
  });

  it('asks the relay to look after every other write, an insert without events included', async () => {
    const { collection, calls } = wired();

    await collection.insertOne({ id: 1, name: 'Mug', outbox: [] });
    await collection.insertOne({ id: 2, name: 'Cup' });
    await collection.updateOne({ id: 1 }, { $set: { name: 'Big mug' } });
    await collection.deleteOne({ id: 2 });
    expect(await collection.findOne({ id: 1 })).toMatchObject({ name: 'Big mug' });

    expect(calls).toEqual(['kick', 'kick', 'kick', 'kick']);
  });

  it('wakes nobody when the write fails', async () => {
    const { collection, calls } = wired();
    await db.collection('products').createIndex({ id: 1 }, { unique: true });
    await collection.insertOne({ id: 1, outbox: [{ id: 'e1' }] });

    await expect(collection.insertOne({ id: 1, outbox: [{ id: 'e2' }] })).rejects.toThrow();

    expect(calls).toEqual(['inserted']);
  });
});
