import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, idsOf, productCatalog, type Product } from './product.fixture';

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');

  describe('insert, find, delete', () => {
    it('insertOne returns the document as stored, without _id, and leaves the input untouched', async () => {
      const input = aProduct({ id: 1 });
      const snapshot = structuredClone(input);

      const returned = await products().insertOne(input);

      expect(returned).toEqual(snapshot);
      expect(returned).not.toHaveProperty('_id');
      expect(input).toEqual(snapshot);
      expect(input).not.toHaveProperty('_id');
    });

    it('findOne returns the stored document, or null when nothing matches', async () => {
      await products().insertOne(aProduct({ id: 1, title: 'Mug' }));

      expect(await products().findOne({ id: 1 })).toEqual(aProduct({ id: 1, title: 'Mug' }));
      expect(await products().findOne({ id: 2 })).toBeNull();
    });

    it('insertMany stores every document; an empty list is a no-op', async () => {
      await products().insertMany(productCatalog());
      await products().insertMany([]);

      expect(idsOf(await products().find({}))).toEqual([1, 2, 3, 4, 5]);
    });

    it('never exposes _id from find, findOne or findOneAndUpdate', async () => {
      await products().insertMany(productCatalog());

      const found = [
        ...(await products().find({})),
        await products().findOne({ id: 1 }),
        await products().findOneAndUpdate({ id: 2 }, { $set: { title: 'x' } }, { returnDocument: 'before' }),
        await products().findOneAndUpdate({ id: 2 }, { $set: { title: 'y' } }, { returnDocument: 'after' }),
        await products().findOneAndUpdate({ id: 9 }, { $set: { title: 'z' } }, { upsert: true }),
      ];

      for (const doc of found) {
        expect(doc).not.toBeNull();
        expect(doc).not.toHaveProperty('_id');
      }
    });

    it('round-trips Dates as Date objects, top-level, nested and inside arrays', async () => {
      const at = new Date('2024-05-06T07:08:09.123Z');
      await context
        .db()
        .collection('events')
        .insertOne({ id: 1, at, nested: { at }, history: [{ at }, at] });

      const stored = await context.db().collection('events').findOne({ id: 1 });

      expect(stored).toEqual({ id: 1, at, nested: { at }, history: [{ at }, at] });
      expect(stored?.at).toBeInstanceOf(Date);
      expect((stored?.nested as { at: unknown }).at).toBeInstanceOf(Date);
    });

    it('round-trips nested objects, arrays, booleans and null unchanged', async () => {
      const doc = { id: 1, flags: { active: true, archived: false }, matrix: [[1, 2], [3]], note: null, empty: {}, list: [] };
      await context.db().collection('misc').insertOne(doc);

      expect(await context.db().collection('misc').findOne({ id: 1 })).toEqual(doc);
    });

    it('count counts the matching documents', async () => {
      await products().insertMany(productCatalog());

      expect(await products().count({})).toBe(5);
      expect(await products().count({ storeId: 1 })).toBe(3);
      expect(await products().count({ storeId: 3 })).toBe(0);
    });

    it('count follows every kind of write, asked again and again in between', async () => {
      await products().insertMany(productCatalog());
      const active = () => products().count({ storeId: 1, status: 'active' });
      expect([await active(), await active()]).toEqual([2, 2]);

      await products().insertOne(aProduct({ id: 6, storeId: 1 }));
      expect(await active()).toBe(3);
      await products().updateMany({ storeId: 1 }, { $set: { status: 'draft' } });
      expect(await active()).toBe(0);
      await products().updateOne({ id: 1 }, { $set: { status: 'active' } });
      await products().findOneAndUpdate({ id: 7, storeId: 1 }, { $set: { status: 'active' } }, { upsert: true });
      expect(await active()).toBe(2);
      await products().deleteOne({ id: 1 });
      expect(await active()).toBe(1);
      await products().deleteMany({ storeId: 1 });
      expect(await active()).toBe(0);
    });

    it('deleteOne removes exactly one match and returns how many it removed', async () => {
      await products().insertMany(productCatalog());

      expect(await products().deleteOne({ storeId: 1 })).toBe(1);
      expect(await products().count({ storeId: 1 })).toBe(2);
      expect(await products().deleteOne({ storeId: 3 })).toBe(0);
    });

    it('deleteMany removes every match and returns how many it removed', async () => {
      await products().insertMany(productCatalog());

      expect(await products().deleteMany({ status: 'active' })).toBe(3);
      expect(idsOf(await products().find({}))).toEqual([2, 4]);
      expect(await products().deleteMany({ status: 'active' })).toBe(0);
    });

    it('keeps collections apart, and every handle on one name sees the same data', async () => {
      await context
        .db()
        .collection<Product>('products')
        .insertOne(aProduct({ id: 1 }));

      expect(await context.db().collection<Product>('products').count({})).toBe(1);
      expect(await context.db().collection<Product>('archive').count({})).toBe(0);
    });
  });
});
