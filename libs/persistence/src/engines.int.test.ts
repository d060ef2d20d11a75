import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { removeDir, tempDir, waitFor } from '@commerce/testing';
import { DuplicateKeyError, openDatabase, type Database, type Engine } from '@commerce/persistence';
import { describeCollectionContract } from './contract/collection.contract';

interface EngineUnderTest {
  engine: Engine;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
  /** Opens again what the last `open` created (engines that persist). */
  reopen?: () => Promise<Database>;
}

function memoryEngine(): EngineUnderTest {
  return { engine: 'memory', open: () => openDatabase({ engine: 'memory' }), cleanup: async () => undefined };
}

function embeddedEngine(): EngineUnderTest {
  const dirs: string[] = [];
  return {
    engine: 'embedded',
    open: async () => {
      const dir = await tempDir('persistence-contract-');
      dirs.push(dir);
      return openDatabase({ engine: 'embedded', dir });
    },
    cleanup: async () => {
      await Promise.all(dirs.splice(0).map(removeDir));
    },
    reopen: () => openDatabase({ engine: 'embedded', dir: dirs[dirs.length - 1] }),
  };
}

/** A uniquely named database per test on the server at MONGO_URL, dropped afterwards. */
function mongodbEngine(url: string): EngineUnderTest {
  const names: string[] = [];
  return {
    engine: 'mongodb',
    open: () => {
      const name = `persistence_contract_${process.pid}_${names.length}_${Date.now()}`;
      names.push(name);
      return openDatabase({ engine: 'mongodb', url, name });
    },
    reopen: () => openDatabase({ engine: 'mongodb', url, name: names[names.length - 1] }),
    cleanup: async () => {
      const client = await MongoClient.connect(url);
      try {
        for (const name of names.splice(0)) await client.db(name).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

const mongoUrl = process.env.MONGO_URL;
const engines: EngineUnderTest[] = [memoryEngine(), embeddedEngine(), ...(mongoUrl ? [mongodbEngine(mongoUrl)] : [])];

for (const { engine, open, cleanup, reopen } of engines) describeCollectionContract(engine, open, cleanup, reopen);

describe('embedded engine: files on disk', () => {
  let dir: string;
  const open = (options: { compactEveryMs?: number; subdir?: string } = {}) =>
    openDatabase({ engine: 'embedded', dir: options.subdir ? join(dir, options.subdir) : dir, compactEveryMs: options.compactEveryMs });
  const datafileLines = async (collection: string) => (await readFile(join(dir, `${collection}.db`), 'utf8')).split('\n').filter(Boolean).length;

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
    await expect(products.insertOne({ id: 2, storeId: 1, sku: 'A' })).rejects.toBeInstanceOf(DuplicateKeyError);
    await products.createIndex({ storeId: 1, sku: 1 }, { unique: true });
    await expect(products.insertOne({ id: 3, storeId: 1, sku: 'A' })).rejects.toMatchObject({ index: 'storeId_1_sku_1', keyValue: { storeId: 1, sku: 'A' } });
    expect(await products.count({})).toBe(1);
    await second.close();
  });

  it('creates its directory and keeps one datafile per collection in it', async () => {
    const db = await open({ subdir: 'catalog/nested' });
    await db.collection('products').insertOne({ id: 1 });
    await db.collection('variants').insertOne({ id: 1 });
    await db.close();

    expect((await readdir(join(dir, 'catalog/nested'))).sort()).toEqual(['products.db', 'variants.db']);
  });

  it('compacts the append-only datafile on close', async () => {
    const db = await open();
    const products = db.collection('products');
    await products.insertOne({ id: 1, stock: 0 });
    for (let i = 0; i < 20; i += 1) await products.updateOne({ id: 1 }, { $inc: { stock: 1 } });
    expect(await datafileLines('products')).toBeGreaterThan(20);

    await db.close();

    expect(await datafileLines('products')).toBe(1);
  });

  it('compacts the datafile periodically while open', async () => {
    const db = await open({ compactEveryMs: 20 });
    const products = db.collection('products');
    await products.insertOne({ id: 1, stock: 0 });
    for (let i = 0; i < 20; i += 1) await products.updateOne({ id: 1 }, { $inc: { stock: 1 } });

    await waitFor(async () => (await datafileLines('products')) === 1, { timeoutMs: 5_000, message: 'datafile compacted to one line' });
    expect(await products.findOne({ id: 1 })).toEqual({ id: 1, stock: 20 });
    await db.close();
  });
});
