import type { Database, Filter, FindOptions } from '../src/collection.port';
import type { SqliteDatabase } from '../src/sqlite/sqlite.engine';
import { DuplicateKeyError } from '../src/duplicate-key.error';
import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, idsOf, type Product } from './product.fixture';

/** The plan SQLite (file or memory) makes for a query on products, one line per step. */
function sqlitePlanOf(db: Database, filter: Filter, options: FindOptions): string {
  return (db as SqliteDatabase).explain('products', filter, options).plan.join('\n');
}

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');

  describe('dropIndex', () => {
    it('drops a unique index: duplicates are accepted afterwards, also of a missing field', async () => {
      await products().createIndex({ sku: 1 }, { unique: true, name: 'products_sku' });
      await products().createIndex({ handle: 1 }, { unique: true, name: 'products_handle' });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      await products().dropIndex('products_sku');
      await products().dropIndex('products_handle');
      await products().insertOne(aProduct({ id: 2, sku: 'A-1' }));
      // Neither document has a handle: the unique index's rule that a missing field collides went with it.
      await products().insertOne(aProduct({ id: 3, sku: 'A-1' }));

      expect(await products().count({ sku: 'A-1' })).toBe(3);
    });

    it('leaves the other indexes of the collection as they were', async () => {
      await products().createIndex({ sku: 1 }, { unique: true, name: 'products_sku' });
      await products().createIndex({ storeId: 1, id: 1 }, { unique: true, name: 'products_store_id' });
      await products().insertOne(aProduct({ id: 1, storeId: 1, sku: 'A-1' }));

      await products().dropIndex('products_sku');
      const error = await products()
        .insertOne(aProduct({ id: 1, storeId: 1, sku: 'B-1' }))
        .catch((err: unknown) => err);

      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect((error as DuplicateKeyError).index).toBe('products_store_id');
    });

    it('answers queries the index served as before, from the documents alone', async () => {
      await products().createIndex({ storeId: 1, priceCents: 1, id: 1 }, { name: 'products_by_price' });
      await products().insertMany(
        [1, 2, 3, 4, 5, 6].map((id) => aProduct({ id, storeId: id % 2 === 0 ? 1 : 2, priceCents: 7000 - id * 1000 })),
      );
      const query = (): Promise<Product[]> =>
        products().find({ storeId: 1, priceCents: { $gte: 1000 } }, { sort: { priceCents: 1, id: 1 }, limit: 2 });
      const before = await query();

      await products().dropIndex('products_by_price');

      expect((await query()).map((product) => product.id)).toEqual([6, 4]);
      expect(await query()).toEqual(before);
      expect(await products().count({ storeId: 1, priceCents: { $lt: 3000 } })).toBe(1);
    });

    it('lets the name be used again, for other keys', async () => {
      await products().createIndex({ sku: 1 }, { unique: true, name: 'products_key' });
      await products().insertMany([aProduct({ id: 1, sku: 'A-1' }), aProduct({ id: 2, sku: 'B-1', title: 'Same' })]);

      await products().dropIndex('products_key');
      await products().createIndex({ title: 1 }, { unique: true, name: 'products_key' });
      await products().insertOne(aProduct({ id: 3, sku: 'A-1' }));
      const error = await products()
        .insertOne(aProduct({ id: 4, sku: 'C-1', title: 'Same' }))
        .catch((err: unknown) => err);

      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect([(error as DuplicateKeyError).index, (error as DuplicateKeyError).keyValue]).toEqual(['products_key', { title: 'Same' }]);
      expect(idsOf(await products().find({}))).toEqual([1, 2, 3]);
    });

    it('does nothing for a name no index has: never created, already dropped, or on a collection not written yet', async () => {
      await context.db().collection('never_written').dropIndex('anything');
      await products().createIndex({ sku: 1 }, { unique: true, name: 'products_sku' });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      await products().dropIndex('no_such_index');
      await products().dropIndex('products_sku');
      await products().dropIndex('products_sku');

      await products().insertOne(aProduct({ id: 2, sku: 'A-1' }));
      expect(await products().count({})).toBe(2);
    });

    it("refuses '*' (MongoDB's every index) before any I/O", async () => {
      await products().createIndex({ sku: 1 }, { unique: true });

      await expect(products().dropIndex('*')).rejects.toThrow(TypeError);
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));
      await expect(products().insertOne(aProduct({ id: 2, sku: 'A-1' }))).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    const { reopen } = context;
    // Only engines that keep data across a reopen (not memory).
    if (reopen) {
      it('stays dropped once the database is opened again', async () => {
        await products().createIndex({ sku: 1 }, { unique: true, name: 'products_sku' });
        await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));
        await products().dropIndex('products_sku');

        await reopen();
        await products().insertOne(aProduct({ id: 2, sku: 'A-1' }));

        expect(await products().count({ sku: 'A-1' })).toBe(2);
      });
    }

    // SQLite's own plan (MongoDB's planner is its own; its answers are checked above).
    if (context.engine !== 'mongodb') {
      it('is no longer in the plan SQLite makes', async () => {
        const query: [Filter, FindOptions] = [
          { storeId: 1, priceCents: { $gte: 1000 } },
          { sort: { priceCents: 1, id: 1 }, limit: 2 },
        ];
        await products().createIndex({ storeId: 1, priceCents: 1, id: 1 }, { unique: true, name: 'products_by_price' });
        expect(sqlitePlanOf(context.db(), ...query)).toMatch(/INDEX products\/products_by_price\b/);

        await products().dropIndex('products_by_price');

        const plan = sqlitePlanOf(context.db(), ...query);
        expect(plan).not.toMatch(/products_by_price/);
        expect(plan).toMatch(/SCAN c_products/);
      });
    }
  });
});
