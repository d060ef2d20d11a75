import { mkdir, readdir, writeFile } from 'node:fs/promises';
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
    await expect(products.insertOne({ id: 2, storeId: 1, sku: 'A' })).rejects.toMatchObject({
      index: 'storeId_1_sku_1',
      keyValue: { storeId: 1, sku: 'A' },
    });
    await products.createIndex({ storeId: 1, sku: 1 }, { unique: true });
    await expect(products.insertOne({ id: 3, storeId: 1, sku: 'A' })).rejects.toMatchObject({
      index: 'storeId_1_sku_1',
      keyValue: { storeId: 1, sku: 'A' },
    });
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
      expect(readEmbeddedCollection(dir, 'products')).toEqual([
        { id: 1, sku: 'B' },
        { id: 3, sku: 'C' },
      ]);
      await db.close();
    });
  });

  describe('a data directory written by the NeDB engine (before the SQLite engine)', () => {
    const writeDatafiles = (names: string[]) => Promise.all(names.map((name) => writeFile(join(dir, name), '{"_id":"a1","id":1}\n')));

    it('is refused at open with one sentence naming the directory, its datafiles and what to do, and is left as it was', async () => {
      await writeDatafiles(['products.db', 'counters.db']);

      await expect(open()).rejects.toThrow(
        `${dir} holds NeDB datafiles (counters.db, products.db) and no data.sqlite: this version reads only SQLite. ` +
          `Import them by starting an earlier version on it once (libs/persistence/README.md#nedb-data-directories), ` +
          `or move them out of ${dir} to start with an empty store.`,
      );
      expect((await readdir(dir)).sort()).toEqual(['counters.db', 'products.db']);
    });

    it('names at most three of its datafiles', async () => {
      await writeDatafiles(['a.db', 'b.db', 'c.db', 'd.db', 'e.db']);

      await expect(open()).rejects.toThrow(`${dir} holds NeDB datafiles (a.db, b.db, c.db and 2 more) and no data.sqlite`);
    });

    it('opens as before once imported: data.sqlite beside the old datafiles kept in nedb-imported/', async () => {
      const first = await open();
      await first.collection('products').insertOne({ id: 1 });
      await first.close();
      await mkdir(join(dir, 'nedb-imported'));
      await writeFile(join(dir, 'nedb-imported', 'products.db'), '{"_id":"a1","id":1}\n');

      const second = await open();

      expect(await second.collection('products').find({})).toEqual([{ id: 1 }]);
      await second.close();
    });
  });
});
