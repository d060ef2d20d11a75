import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { removeDir, tempDir } from '@commerce/testing';
import { openDatabase, readEmbeddedCollection } from '@commerce/persistence';

describe('embedded engine: one SQLite file', () => {
  let dir: string;
  const open = (subdir?: string) => openDatabase({ engine: 'embedded', dir: subdir ? join(dir, subdir) : dir });

  beforeEach(async () => {
    dir = await tempDir('persistence-embedded-');
  });

  afterEach(async () => {
    await removeDir(dir);
  });

  it('keeps documents, Dates and counters across close and reopen', async () => {
    const createdAt = new Date('2024-03-04T05:06:07.890Z');
    const first = await open();
    await first.collection('products').insertOne({ id: await first.nextId('products'), createdAt, tags: ['a'] });
    await first.close();

    const second = await open();
    const stored = await second.collection('products').findOne({ id: 1 });
    const nextId = await second.nextId('products');
    await second.close();

    expect(stored).toEqual({ id: 1, createdAt, tags: ['a'] });
    expect(stored?.createdAt).toBeInstanceOf(Date);
    expect(nextId).toBe(2);
  });

  it('keeps a unique index across close and reopen, before and after it is declared again', async () => {
    const first = await open();
    await first.collection('products').createIndex({ storeId: 1, sku: 1 }, { unique: true });
    await first.collection('products').insertOne({ id: 1, storeId: 1, sku: 'A' });
    await first.close();

    const second = await open();
    const products = second.collection('products');
    await expect(products.insertOne({ id: 2, storeId: 1, sku: 'A' })).rejects.toMatchObject({ index: 'storeId_1_sku_1', keyValue: { storeId: 1, sku: 'A' } });
    await products.createIndex({ storeId: 1, sku: 1 }, { unique: true });
    await expect(products.insertOne({ id: 3, storeId: 1, sku: 'A' })).rejects.toMatchObject({ index: 'storeId_1_sku_1', keyValue: { storeId: 1, sku: 'A' } });
    expect(await products.count({})).toBe(1);
    await second.close();
  });

  it('creates its directory and keeps every collection in one database file there', async () => {
    const db = await open('catalog/nested');
    await db.collection('products').insertOne({ id: 1 });
    await db.collection('variants').insertOne({ id: 1 });
    await db.close();

    expect(await readdir(join(dir, 'catalog/nested'))).toEqual(['data.sqlite']);
  });


  describe('group commit: the writes of one event-loop turn share one transaction', () => {
    it('answers a write only once it is committed: another connection sees it then, and not before', async () => {
      const db = await open();
      const products = db.collection('products');
      await products.insertOne({ id: 0 });

      const written = products.insertOne({ id: 1 });
      const seenBefore = readEmbeddedCollection(dir, 'products').map((doc) => doc.id);
      await written;
      const seenAfter = readEmbeddedCollection(dir, 'products').map((doc) => doc.id);

      expect(seenBefore).toEqual([0]);
      expect(seenAfter).toEqual([0, 1]);
      await db.close();
    });

    it('answers a read made while writes are pending only after they are committed, with what they wrote', async () => {
      const db = await open();
      const products = db.collection('products');
      const order: string[] = [];

      const write = products.insertOne({ id: 1 }).then(() => order.push('write'));
      const read = products.find({}).then((docs) => order.push(`read ${docs.length}`));
      await Promise.all([write, read]);

      expect(order).toEqual(['write', 'read 1']);
      expect(readEmbeddedCollection(dir, 'products')).toHaveLength(1);
      await db.close();
    });

    it('takes back only the write that failed: the others of its group are committed', async () => {
      const db = await open();
      const products = db.collection('products');
      await products.createIndex({ sku: 1 }, { unique: true });

      const results = await Promise.allSettled([
        products.insertOne({ id: 1, sku: 'A' }),
        products.insertOne({ id: 2, sku: 'A' }),
        products.updateMany({}, { $set: { sku: 'B' } }),
        products.insertOne({ id: 3, sku: 'C' }),
      ]);

      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(readEmbeddedCollection(dir, 'products')).toEqual([{ id: 1, sku: 'B' }, { id: 3, sku: 'C' }]);
      await db.close();
    });
  });

  describe('a data directory written by the NeDB engine', () => {
    /** Datafiles as the NeDB engine left them: append-only JSON lines, Dates as $$date, later lines win, $$deleted removes. */
    async function writeNedbDirectory(): Promise<void> {
      const products = [
        { $$indexCreated: { fieldName: 'store_id', unique: false, sparse: false } },
        { _id: 'a1', store_id: 1, id: 1, name: 'Tea', tags: ['green'], created_at: { $$date: Date.UTC(2025, 0, 2) } },
        { _id: 'a2', store_id: 1, id: 2, name: 'Mug', deleted: false },
        { _id: 'a1', store_id: 1, id: 1, name: 'Green tea', tags: ['green'], created_at: { $$date: Date.UTC(2025, 0, 2) } },
        { _id: 'a3', store_id: 2, id: 3, name: 'Gone' },
        { $$deleted: true, _id: 'a3' },
      ];
      const counters = [{ _id: 'c1', name: 'products', seq: 3 }];
      await writeFile(join(dir, 'products.db'), products.map((line) => JSON.stringify(line)).join('\n') + '\n');
      await writeFile(join(dir, 'counters.db'), counters.map((line) => JSON.stringify(line)).join('\n') + '\n');
    }

    it('is imported on first open: the live documents with their Dates, and the counters go on', async () => {
      await writeNedbDirectory();

      const db = await open();
      const products = db.collection('products');

      expect(await products.find({}, { sort: { id: 1 } })).toEqual([
        { store_id: 1, id: 1, name: 'Green tea', tags: ['green'], created_at: new Date(Date.UTC(2025, 0, 2)) },
        { store_id: 1, id: 2, name: 'Mug', deleted: false },
      ]);
      expect(await products.find({ tags: 'green' })).toHaveLength(1);
      expect(await db.nextId('products')).toBe(4);
      await db.close();
    });

    it('keeps the old datafiles aside, never reads them again, and is not imported twice', async () => {
      await writeNedbDirectory();
      const first = await open();
      await first.collection('products').deleteMany({});
      await first.close();

      const second = await open();

      expect(await second.collection('products').count({})).toBe(0);
      expect((await readdir(dir)).filter((name) => !/-(wal|shm)$/.test(name)).sort()).toEqual(['data.sqlite', 'nedb-imported']);
      expect((await readdir(join(dir, 'nedb-imported'))).sort()).toEqual(['counters.db', 'products.db']);
      await second.close();
    });

    it('refuses a datafile that is mostly not JSON, naming it, and leaves the directory as it was', async () => {
      await writeFile(join(dir, 'products.db'), 'not json\nnor this\n{"_id":"a","id":1}\n');

      await expect(open()).rejects.toThrow(/products\.db: 2 of 3 lines are not JSON/);
      expect(await readdir(dir)).toEqual(['products.db']);
    });
  });
});
