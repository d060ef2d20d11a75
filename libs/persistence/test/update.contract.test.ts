import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, idsOf, type Product } from './product.fixture';

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');
  const product = async (id: number) => products().findOne({ id });

  describe('update operators', () => {
    beforeEach(async () => {
      await products().insertMany([
        aProduct({
          id: 1,
          tags: ['red'],
          outbox: [
            { id: 'a', type: 'created' },
            { id: 'b', type: 'updated' },
          ],
        }),
        aProduct({ id: 2, tags: ['red'] }),
      ]);
    });

    it('$set replaces fields and creates nested ones by dot path', async () => {
      await products().updateOne({ id: 1 }, { $set: { title: 'Renamed', 'dims.widthMm': 5 } });

      expect(await product(1)).toMatchObject({ title: 'Renamed', dims: { widthMm: 5 } });
    });

    it('$unset removes a field, nested too', async () => {
      await products().updateOne({ id: 1 }, { $set: { dims: { widthMm: 1, heightMm: 2 } } });
      await products().updateOne({ id: 1 }, { $unset: { title: '', 'dims.heightMm': '' } });

      const stored = await product(1);
      expect(stored).not.toHaveProperty('title');
      expect(stored?.dims).toEqual({ widthMm: 1 });
    });

    it('$inc adds to a number and starts a missing field at the increment', async () => {
      await products().updateOne({ id: 1 }, { $inc: { priceCents: -250, stock: 3 } });

      expect(await product(1)).toMatchObject({ priceCents: 750, stock: 3 });
    });

    it('$push appends one value, $each appends several, and a missing array is created', async () => {
      await products().updateOne({ id: 1 }, { $push: { tags: 'blue' } });
      await products().updateOne({ id: 1 }, { $push: { tags: { $each: ['green', 'red'] } } });
      await products().updateOne({ id: 2 }, { $push: { outbox: { id: 'c', type: 'created' } } });

      expect((await product(1))?.tags).toEqual(['red', 'blue', 'green', 'red']);
      expect((await product(2))?.outbox).toEqual([{ id: 'c', type: 'created' }]);
    });

    it('$pull removes every equal scalar, and objects matched by a field', async () => {
      await products().updateOne({ id: 1 }, { $push: { tags: { $each: ['blue', 'red'] } } });
      await products().updateOne({ id: 1 }, { $pull: { tags: 'red', outbox: { id: 'a' } } });

      expect(await product(1)).toMatchObject({ tags: ['blue'], outbox: [{ id: 'b', type: 'updated' }] });
    });

    it('$addToSet adds only values not already present, with or without $each', async () => {
      await products().updateOne({ id: 1 }, { $addToSet: { tags: 'red' } });
      await products().updateOne({ id: 1 }, { $addToSet: { tags: { $each: ['red', 'blue', 'blue'] } } });

      expect((await product(1))?.tags).toEqual(['red', 'blue']);
    });

    it('applies several operators in one update', async () => {
      const at = new Date('2024-02-03T04:05:06.000Z');
      await products().updateOne(
        { id: 1 },
        { $set: { status: 'archived', updatedAt: at }, $inc: { priceCents: 1 }, $pull: { outbox: { id: 'b' } } },
      );

      expect(await product(1)).toMatchObject({
        status: 'archived',
        updatedAt: at,
        priceCents: 1001,
        outbox: [{ id: 'a', type: 'created' }],
      });
    });

    it('updateOne changes one document and reports matched and modified', async () => {
      expect(await products().updateOne({ tags: 'red' }, { $set: { title: 'One' } })).toEqual({ matched: 1, modified: 1 });
      expect(await products().count({ title: 'One' })).toBe(1);
      expect(await products().updateOne({ id: 99 }, { $set: { title: 'None' } })).toEqual({ matched: 0, modified: 0 });
    });

    it('counts a document whose update changes nothing as matched but not modified', async () => {
      expect(await products().updateOne({ id: 1 }, { $set: { title: 'Product 1' } })).toEqual({ matched: 1, modified: 0 });
      expect(await products().updateOne({ id: 1 }, { $addToSet: { tags: 'red' } })).toEqual({ matched: 1, modified: 0 });
    });

    it('round-trips awkward strings and numbers exactly, so setting them again modifies nothing', async () => {
      const awkward = {
        note: 'quote" back\\ \u2028 \u0001 \t\n é 😀 </script>',
        ratio: 0.1,
        big: 1e21,
        tiny: 5e-324,
        long: 123456789.12345679,
      };
      await products().updateOne({ id: 2 }, { $set: awkward });

      expect(await products().updateOne({ id: 2 }, { $set: awkward })).toEqual({ matched: 1, modified: 0 });
      expect(await product(2)).toMatchObject(awkward);
    });

    it('$set of whole fields keeps a field in its place, puts a new one last, stores Dates, arrays and subdocuments whole', async () => {
      const at = new Date('2024-02-03T04:05:06.000Z');
      await products().updateOne(
        { id: 2 },
        { $set: { title: 'Renamed', addedAt: at, colours: ['teal', 'navy'], dims: { widthMm: 3, heightMm: 4 } } },
      );

      const stored = await product(2);
      expect(Object.keys(stored!)).toEqual([...Object.keys(aProduct({ id: 2, tags: ['red'] })), 'addedAt', 'colours', 'dims']);
      expect(stored).toMatchObject({ title: 'Renamed', addedAt: at, colours: ['teal', 'navy'], dims: { widthMm: 3, heightMm: 4 } });
      // The new array field matches element-wise, as any array does.
      expect(idsOf(await products().find({ colours: 'navy' }))).toEqual([2]);
      expect(await products().updateOne({ id: 2 }, { $set: { addedAt: new Date(at), colours: ['teal', 'navy'] } })).toEqual({
        matched: 1,
        modified: 0,
      });
    });

    it('$set can empty an array field and clear a flag in one write, only where the filter still holds', async () => {
      const drained = { 'outbox.0.id': 'a', 'outbox.2': { $exists: false } };

      expect(await products().updateOne(drained, { $set: { outbox: [], pending: false } })).toEqual({ matched: 1, modified: 1 });
      expect(await product(1)).toMatchObject({ outbox: [], pending: false });
      expect(await products().updateOne(drained, { $set: { outbox: [], pending: false } })).toEqual({ matched: 0, modified: 0 });
      expect(await products().count({ 'outbox.0': { $exists: true } })).toBe(0);
    });

    it('updateMany changes every match and reports matched and modified', async () => {
      await products().updateOne({ id: 2 }, { $set: { status: 'draft' } });

      expect(await products().updateMany({ tags: 'red' }, { $set: { status: 'draft' } })).toEqual({ matched: 2, modified: 1 });
      expect(await products().count({ status: 'draft' })).toBe(2);
    });

    it('upsert inserts from the equality fields of the filter plus the update, reporting nothing matched', async () => {
      const result = await products().updateOne(
        { id: 7, storeId: 3, priceCents: { $gt: 100 }, $or: [{ status: 'draft' }, { status: 'active' }] },
        { $set: { title: 'Upserted' }, $inc: { stock: 2 } },
        { upsert: true },
      );

      expect(result).toEqual({ matched: 0, modified: 0 });
      expect(await product(7)).toEqual({ id: 7, storeId: 3, title: 'Upserted', stock: 2 });
    });

    it('upsert updates the match when there is one', async () => {
      expect(await products().updateOne({ id: 1 }, { $set: { title: 'Kept' } }, { upsert: true })).toEqual({ matched: 1, modified: 1 });
      expect(await products().count({})).toBe(2);
    });
  });
});
