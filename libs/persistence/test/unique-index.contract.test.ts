import { DuplicateKeyError } from '../src/duplicate-key.error';
import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, idsOf, type Product } from './product.fixture';

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');

  /** Runs `operation`, expecting it to fail with DuplicateKeyError, and returns that error. */
  async function duplicateKeyErrorOf(operation: () => Promise<unknown>): Promise<DuplicateKeyError> {
    const error = await operation().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DuplicateKeyError);
    return error as DuplicateKeyError;
  }

  describe('unique indexes', () => {
    it('rejects a duplicate insert with DuplicateKeyError naming the index and key, keeping the original', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      const error = await duplicateKeyErrorOf(() => products().insertOne(aProduct({ id: 2, sku: 'A-1' })));

      expect(error).toBeInstanceOf(Error);
      expect(error.index).toBe('sku_1');
      expect(error.keyValue).toEqual({ sku: 'A-1' });
      expect(idsOf(await products().find({}))).toEqual([1]);
    });

    it('reports the name given to the index', async () => {
      await products().createIndex({ sku: 1 }, { unique: true, name: 'products_by_sku' });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      expect((await duplicateKeyErrorOf(() => products().insertOne(aProduct({ id: 2, sku: 'A-1' })))).index).toBe('products_by_sku');
    });

    it('tells several unique indexes of one collection apart', async () => {
      await products().createIndex({ id: 1 }, { unique: true });
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      const bySku = await duplicateKeyErrorOf(() => products().insertOne(aProduct({ id: 2, sku: 'A-1' })));
      const byId = await duplicateKeyErrorOf(() => products().insertOne(aProduct({ id: 1, sku: 'B-1' })));

      expect([bySku.index, bySku.keyValue]).toEqual(['sku_1', { sku: 'A-1' }]);
      expect([byId.index, byId.keyValue]).toEqual(['id_1', { id: 1 }]);
    });

    it('enforces a compound unique index on the combination only', async () => {
      await products().createIndex({ storeId: 1, sku: 1 }, { unique: true });
      await products().insertOne(aProduct({ id: 1, storeId: 1, sku: 'A-1' }));
      await products().insertOne(aProduct({ id: 2, storeId: 2, sku: 'A-1' }));

      const error = await duplicateKeyErrorOf(() => products().insertOne(aProduct({ id: 3, storeId: 1, sku: 'A-1' })));

      expect(error.index).toBe('storeId_1_sku_1');
      expect(error.keyValue).toEqual({ storeId: 1, sku: 'A-1' });
      expect(idsOf(await products().find({}))).toEqual([1, 2]);
    });

    it('rejects an updateOne that would collide, without applying any part of it', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertMany([aProduct({ id: 1, sku: 'A-1' }), aProduct({ id: 2, sku: 'B-1' })]);

      const error = await duplicateKeyErrorOf(() =>
        products().updateOne({ id: 2 }, { $set: { sku: 'A-1', title: 'Changed' }, $inc: { priceCents: 1 } }),
      );

      expect(error.keyValue).toEqual({ sku: 'A-1' });
      expect(await products().findOne({ id: 2 })).toEqual(aProduct({ id: 2, sku: 'B-1' }));
    });

    it('rejects a $set of whole fields that would collide, naming the index and the key, without applying any part of it', async () => {
      await products().createIndex({ storeId: 1, sku: 1 }, { unique: true });
      await products().insertMany([aProduct({ id: 1, storeId: 4, sku: 'A-1' }), aProduct({ id: 2, storeId: 4, sku: 'B-1' })]);

      const error = await duplicateKeyErrorOf(() => products().updateOne({ id: 2 }, { $set: { sku: 'A-1', title: 'Changed' } }));

      expect(error.index).toBe('storeId_1_sku_1');
      expect(error.keyValue).toEqual({ storeId: 4, sku: 'A-1' });
      expect(await products().findOne({ id: 2 })).toEqual(aProduct({ id: 2, storeId: 4, sku: 'B-1' }));
    });

    it('rejects a findOneAndUpdate that would collide, leaving the document as it was', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertMany([aProduct({ id: 1, sku: 'A-1' }), aProduct({ id: 2, sku: 'B-1' })]);

      await duplicateKeyErrorOf(() => products().findOneAndUpdate({ id: 2 }, { $set: { sku: 'A-1', title: 'Changed' } }));

      expect(await products().findOne({ id: 2 })).toEqual(aProduct({ id: 2, sku: 'B-1' }));
    });

    it('rejects an updateMany that would collide', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertMany([aProduct({ id: 1, sku: 'A-1' }), aProduct({ id: 2, sku: 'B-1' })]);

      await duplicateKeyErrorOf(() => products().updateMany({}, { $set: { sku: 'C-1' } }));

      expect(await products().count({ sku: 'C-1' })).toBeLessThan(2);
    });

    it('rejects an upsert whose new document would collide, inserting nothing', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      await duplicateKeyErrorOf(() => products().updateOne({ id: 2 }, { $set: { sku: 'A-1' } }, { upsert: true }));
      await duplicateKeyErrorOf(() => products().findOneAndUpdate({ id: 3 }, { $set: { sku: 'A-1' } }, { upsert: true }));

      expect(idsOf(await products().find({}))).toEqual([1]);
    });

    it('insertMany stops at the duplicate: documents before it are stored, documents after it are not', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().insertOne(aProduct({ id: 1, sku: 'A-1' }));

      const error = await duplicateKeyErrorOf(() =>
        products().insertMany([aProduct({ id: 2, sku: 'B-1' }), aProduct({ id: 3, sku: 'A-1' }), aProduct({ id: 4, sku: 'C-1' })]),
      );

      expect([error.index, error.keyValue]).toEqual(['sku_1', { sku: 'A-1' }]);
      expect(idsOf(await products().find({}))).toEqual([1, 2]);
    });

    it('fails to build a unique index over existing duplicates, and leaves no index behind', async () => {
      await products().insertMany([aProduct({ id: 1, sku: 'A-1' }), aProduct({ id: 2, sku: 'A-1' })]);

      await duplicateKeyErrorOf(() => products().createIndex({ sku: 1 }, { unique: true }));
      await products().insertOne(aProduct({ id: 3, sku: 'A-1' }));

      expect(await products().count({ sku: 'A-1' })).toBe(3);
    });

    it('treats a missing field as a value: a second document without it collides', async () => {
      await products().createIndex({ handle: 1 }, { unique: true });
      await products().insertOne(aProduct({ id: 1 }));

      await duplicateKeyErrorOf(() => products().insertOne(aProduct({ id: 2 })));
    });

    it('creating the same index twice is harmless, and a non-unique index allows duplicates', async () => {
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().createIndex({ sku: 1 }, { unique: true });
      await products().createIndex({ storeId: 1, status: 1, id: 1 });
      await products().insertMany([aProduct({ id: 1, storeId: 1, sku: 'A' }), aProduct({ id: 2, storeId: 1, sku: 'B' })]);

      expect(idsOf(await products().find({ storeId: 1, status: 'active' }))).toEqual([1, 2]);
    });
  });
});
