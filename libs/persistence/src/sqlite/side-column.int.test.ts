// A document's outbox fields live in a column of their own (side-fields.ts): emptying an outbox must not write the
// document's column (so none of its indexes), and a file written before the column existed is moved over at open.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { removeDir, tempDir } from '@commerce/testing';
import { openDatabase, readEmbeddedCollection, type Database } from '@commerce/persistence';
import { explainEmbeddedQuery } from './embedded-inspection';
import { keyExpression, jsonPathOf } from './sql-key';
import { DATABASE_FILE } from './sqlite.engine';

let dir: string;
let db: Database | undefined;

beforeEach(async () => {
  dir = await tempDir('persistence-side-');
});

afterEach(async () => {
  await db?.close();
  db = undefined;
  await removeDir(dir);
});

const open = async () => (db = await openDatabase({ engine: 'embedded', dir }));

/** The raw columns of every row, read beside the running engine (WAL lets a reader in). */
function storedRows(collection: string): Array<{ doc: string; side: string | null; docBytes: Buffer }> {
  const reader = new BetterSqlite3(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return reader
      .prepare(`SELECT json(doc) AS doc, json(side) AS side, doc AS docBytes FROM "c_${collection}" ORDER BY pk`)
      .all() as Array<{ doc: string; side: string | null; docBytes: Buffer }>;
  } finally {
    reader.close();
  }
}

const event = (id: string) => ({ id, topic: 'product/created', resource: { id: 1, title: 'Shoe', options: null } });

describe('the outbox beside the document', () => {
  it('stores the outbox fields apart and answers one document, the outbox fields last', async () => {
    const products = (await open()).collection('products');
    await products.insertOne({ id: 1, title: 'Shoe', outbox: [event('e1')], outbox_pending: true, price: 5 });

    expect(storedRows('products')).toEqual([
      expect.objectContaining({
        doc: '{"id":1,"title":"Shoe","price":5}',
        side: JSON.stringify({ outbox: [event('e1')], outbox_pending: true }),
      }),
    ]);
    const found = await products.findOne({ id: 1 });
    expect(found).toEqual({ id: 1, title: 'Shoe', price: 5, outbox: [event('e1')], outbox_pending: true });
    expect(Object.keys(found!)).toEqual(['id', 'title', 'price', 'outbox', 'outbox_pending']);
    expect(await products.findFields({ id: 1 }, ['outbox', 'title'])).toEqual([{ outbox: [event('e1')], title: 'Shoe' }]);
    expect(readEmbeddedCollection(join(dir), 'products')).toEqual([found]);
  });

  it('empties an outbox without writing the document column', async () => {
    const products = (await open()).collection('products');
    await products.createIndex({ outbox_pending: 1 }, { name: 'outbox_pending' });
    await products.insertOne({ id: 1, title: 'Shoe', outbox: [event('e1'), event('e2')], outbox_pending: true });
    const [before] = storedRows('products');

    await products.updateOne({ outbox_pending: true, 'outbox.0.id': 'e1' }, { $pull: { outbox: { id: { $in: ['e1'] } } } });
    const [afterPull] = storedRows('products');
    expect(
      await products.updateOne(
        { outbox_pending: true, 'outbox.0.id': 'e2', 'outbox.1': { $exists: false } },
        { $set: { outbox: [], outbox_pending: false } },
      ),
    ).toEqual({ matched: 1, modified: 1 });
    const [afterSet] = storedRows('products');

    expect(afterPull.side).toBe(JSON.stringify({ outbox: [event('e2')], outbox_pending: true }));
    expect(afterSet.side).toBe('{"outbox":[],"outbox_pending":false}');
    expect(afterPull.docBytes.equals(before.docBytes)).toBe(true);
    expect(afterSet.docBytes.equals(before.docBytes)).toBe(true);
    expect(await products.count({ outbox_pending: true })).toBe(0);
    expect(await products.findOne({ id: 1 })).toEqual({ id: 1, title: 'Shoe', outbox: [], outbox_pending: false });
  });

  it('writes both columns when an update changes fields of each, and only the side when the fields are set to what they hold', async () => {
    const products = (await open()).collection('products');
    await products.insertOne({ id: 1, title: 'Shoe', outbox: [], outbox_pending: false });

    await products.updateOne({ id: 1 }, { $set: { title: 'Boot', outbox_pending: true }, $push: { outbox: event('e3') } });
    expect(storedRows('products')).toEqual([
      expect.objectContaining({ doc: '{"id":1,"title":"Boot"}', side: JSON.stringify({ outbox: [event('e3')], outbox_pending: true }) }),
    ]);
    expect(await products.updateOne({ id: 1 }, { $set: { outbox: [event('e3')], outbox_pending: true } })).toEqual({
      matched: 1,
      modified: 0,
    });
    expect(await products.find({ outbox_pending: true, 'outbox.0': { $exists: true } }, { sort: { outbox_pending: 1 } })).toEqual([
      { id: 1, title: 'Boot', outbox: [event('e3')], outbox_pending: true },
    ]);
  });

  it('adds a side field to a document that had none, and keeps a document without them out of the column', async () => {
    const products = (await open()).collection('products');
    await products.insertMany([{ id: 1 }, { id: 2, outbox: [] }]);
    await products.updateOne({ id: 1 }, { $set: { outbox_pending: false } });

    expect(storedRows('products').map(({ doc, side }) => [doc, side])).toEqual([
      ['{"id":1}', '{"outbox_pending":false}'],
      ['{"id":2}', '{"outbox":[]}'],
    ]);
    await products.updateOne({ id: 2 }, { $unset: { outbox: '' } });
    expect(storedRows('products')[1].side).toBeNull();
    expect(await products.find({ outbox: { $exists: false }, outbox_pending: { $exists: false } })).toEqual([{ id: 2 }]);
  });
});

describe('a file written before the side column', () => {
  /** The layout every earlier version wrote: one `doc` column, the flag's index on it. */
  function writeOldFile(): void {
    const old = new BetterSqlite3(join(dir, DATABASE_FILE));
    old.pragma('page_size = 16384');
    old.pragma('journal_mode = WAL');
    const flag = keyExpression(jsonPathOf(['outbox_pending']), 'doc');
    const handle = keyExpression(jsonPathOf(['handle']), 'doc');
    old.exec(`
      CREATE TABLE _array_paths (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID;
      CREATE TABLE _indexes (
        collection TEXT NOT NULL, name TEXT NOT NULL, keys TEXT NOT NULL, is_unique INTEGER NOT NULL, PRIMARY KEY (collection, name)
      ) WITHOUT ROWID;
      CREATE TABLE "c_products" (pk INTEGER PRIMARY KEY, doc BLOB NOT NULL);
      CREATE INDEX "products/outbox_pending" ON "c_products" (${flag});
      CREATE UNIQUE INDEX "products/handle" ON "c_products" (${handle});
      CREATE UNIQUE INDEX "products/handle/missing" ON "c_products" (ifnull(${handle}, x'')) WHERE ${handle} IS NULL;
      INSERT INTO _indexes VALUES ('products', 'outbox_pending', '{"outbox_pending":1}', 0), ('products', 'handle', '{"handle":1}', 1);
      INSERT INTO _array_paths VALUES ('products', 'outbox');
    `);
    const insert = old.prepare('INSERT INTO "c_products" (doc) VALUES (jsonb(?))');
    insert.run(JSON.stringify({ id: 1, handle: 'shoe', outbox: [event('e1')], outbox_pending: true, price: 5 }));
    insert.run(JSON.stringify({ id: 2, handle: 'boot', outbox: [], outbox_pending: false }));
    insert.run(JSON.stringify({ id: 3, handle: 'sock' }));
    old.close();
  }

  it('is moved over at open: the same documents, the flag index rebuilt on the column and used, the other indexes kept', async () => {
    writeOldFile();
    const products = (await open()).collection('products');

    expect(await products.find({}, { sort: { id: 1 } })).toEqual([
      { id: 1, handle: 'shoe', price: 5, outbox: [event('e1')], outbox_pending: true },
      { id: 2, handle: 'boot', outbox: [], outbox_pending: false },
      { id: 3, handle: 'sock' },
    ]);
    expect(storedRows('products').map(({ doc }) => doc)).toEqual([
      '{"id":1,"handle":"shoe","price":5}',
      '{"id":2,"handle":"boot"}',
      '{"id":3,"handle":"sock"}',
    ]);
    const pending = { outbox_pending: true, 'outbox.0': { $exists: true } };
    expect(await products.find(pending)).toEqual([expect.objectContaining({ id: 1 })]);
    expect(explainEmbeddedQuery(db!, 'products', pending, { limit: 100 }).plan.join('\n')).toMatch(
      /SEARCH c_products USING INDEX products\/outbox_pending/,
    );
    await expect(products.insertOne({ id: 4, handle: 'shoe' })).rejects.toMatchObject({ index: 'handle', keyValue: { handle: 'shoe' } });
  });

  it('is moved over once: a second open finds it as the first left it', async () => {
    writeOldFile();
    await (await open()).collection('products').updateOne({ id: 1 }, { $set: { outbox: [], outbox_pending: false } });
    await db!.close();

    const products = (await open()).collection('products');
    expect(await products.findOne({ id: 1 })).toEqual({ id: 1, handle: 'shoe', price: 5, outbox: [], outbox_pending: false });
    expect(await products.count({ outbox_pending: true })).toBe(0);
  });
});
