import type { Doc } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';

interface Item extends Doc {
  id: number;
  value?: unknown;
}

/**
 * The differences between SQLite and MongoDB that bite (docs/persistence.md#where-sqlite-and-mongodb-differ): booleans, Dates, arrays and
 * mixed types in filters, sorts and indexes, and missing fields in unique indexes. Each runs with and without
 * an index on the field, so the answer never depends on whether SQL or JavaScript decided it.
 */
describeCollectionContract((context) => {
  const items = () => context.db().collection<Item>('items');
  const ids = (docs: Item[]) => docs.map((doc) => doc.id);

  const before1970 = new Date(Date.UTC(1969, 6, 20, 20, 17));
  const early = new Date(Date.UTC(2024, 0, 1));
  const late = new Date(Date.UTC(2024, 5, 1));
  /** One document per kind of value, in MongoDB's sort order: missing/null, numbers, strings, objects, arrays, booleans, Dates. */
  const mixed = (): Item[] => [
    { id: 1 },
    { id: 2, value: -3.5 },
    { id: 3, value: 10 },
    { id: 4, value: '' },
    { id: 5, value: 'b' },
    { id: 6, value: { nested: 1 } },
    { id: 7, value: false },
    { id: 8, value: true },
    { id: 9, value: before1970 },
    { id: 10, value: late },
  ];

  for (const indexed of [false, true]) {
    describe(`values of every type${indexed ? ', indexed' : ''}`, () => {
      beforeEach(async () => {
        if (indexed) await items().createIndex({ value: 1, id: 1 });
        // Shuffled, so that insertion order never passes for a sort.
        const all = mixed();
        await items().insertMany([all[4], all[9], all[0], all[7], all[2], all[6], all[1], all[8], all[5], all[3]]);
      });

      it('sort in MongoDB type order ascending and descending: missing, numbers, strings, objects, booleans, Dates', async () => {
        expect(ids(await items().find({}, { sort: { value: 1, id: 1 } }))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect(ids(await items().find({}, { sort: { value: -1, id: 1 } }))).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      });

      it('match booleans as booleans, never as 0 and 1', async () => {
        expect(ids(await items().find({ value: true }))).toEqual([8]);
        expect(ids(await items().find({ value: false }))).toEqual([7]);
        expect(ids(await items().find({ value: { $in: [true, 10] } }, { sort: { id: 1 } }))).toEqual([3, 8]);
        expect(await items().count({ value: { $ne: false } })).toBe(9);
      });

      it('compare ranges within one type only: a number range never matches strings, booleans or Dates', async () => {
        expect(ids(await items().find({ value: { $gt: -100 } }, { sort: { id: 1 } }))).toEqual([2, 3]);
        expect(ids(await items().find({ value: { $gte: '' } }, { sort: { id: 1 } }))).toEqual([4, 5]);
        expect(ids(await items().find({ value: { $lt: 'zzz' } }, { sort: { id: 1 } }))).toEqual([4, 5]);
        expect(ids(await items().find({ value: { $gt: false } }))).toEqual([8]);
        expect(ids(await items().find({ value: { $lt: early } }))).toEqual([9]);
        expect(ids(await items().find({ value: { $gte: early } }))).toEqual([10]);
      });

      it('keep Dates before 1970 and their order', async () => {
        const [stored] = await items().find({ value: before1970 });

        expect(stored.value).toEqual(before1970);
        expect(stored.value).toBeInstanceOf(Date);
        expect(ids(await items().find({ value: { $lt: late, $gt: new Date(Date.UTC(1900, 0, 1)) } }))).toEqual([9]);
      });

      it('tell a missing field from every value: $exists, $ne and $nin', async () => {
        expect(ids(await items().find({ value: { $exists: false } }))).toEqual([1]);
        expect(await items().count({ value: { $exists: true } })).toBe(9);
        expect(ids(await items().find({ value: { $nin: [10, 'b', true] } }, { sort: { id: 1 } }))).toEqual([1, 2, 4, 6, 7, 9, 10]);
      });
    });

    describe(`array fields${indexed ? ', indexed' : ''}`, () => {
      beforeEach(async () => {
        if (indexed) await items().createIndex({ value: 1 });
        await items().insertMany([
          { id: 1, value: [3, 1] },
          { id: 2, value: 2 },
          { id: 3, value: [] },
          { id: 4, value: [5, [2]] },
        ]);
      });

      it('match by element for equality, $in and ranges, and as a whole for an array operand', async () => {
        expect(ids(await items().find({ value: 1 }))).toEqual([1]);
        expect(ids(await items().find({ value: { $in: [2, 5] } }, { sort: { id: 1 } }))).toEqual([2, 4]);
        expect(ids(await items().find({ value: { $gt: 2 } }, { sort: { id: 1 } }))).toEqual([1, 4]);
        expect(ids(await items().find({ value: [3, 1] }))).toEqual([1]);
        expect(ids(await items().find({ value: [2] }))).toEqual([4]);
        expect(ids(await items().find({ value: { $ne: 3 } }, { sort: { id: 1 } }))).toEqual([2, 3, 4]);
      });

      it('sort by the smallest element ascending and the largest descending', async () => {
        expect(ids(await items().find({ id: { $in: [1, 2] } }, { sort: { value: 1 } }))).toEqual([1, 2]);
        expect(ids(await items().find({ id: { $in: [1, 2] } }, { sort: { value: -1 } }))).toEqual([1, 2]);
        expect(ids(await items().find({ id: { $in: [2, 3] } }, { sort: { value: 1 } }))).toEqual([3, 2]);
      });
    });
  }

  describe('unique indexes and missing values', () => {
    it('let one document miss the field, and refuse a second', async () => {
      await items().createIndex({ value: 1 }, { unique: true });
      await items().insertOne({ id: 1, value: 'a' });
      await items().insertOne({ id: 2 });

      await expect(items().insertOne({ id: 3 })).rejects.toMatchObject({ name: 'DuplicateKeyError', index: 'value_1' });
      await expect(items().insertOne({ id: 4, value: null })).rejects.toMatchObject({ name: 'DuplicateKeyError', index: 'value_1' });
      expect(await items().count({})).toBe(2);
    });

    it('treat a missing part of a compound key as a value too', async () => {
      await items().createIndex({ store: 1, value: 1 }, { unique: true });
      await items().insertMany([
        { id: 1, store: 1 },
        { id: 2, store: 2 },
        { id: 3, store: 1, value: 'x' },
      ]);

      await expect(items().insertOne({ id: 4, store: 1 })).rejects.toMatchObject({ name: 'DuplicateKeyError', index: 'store_1_value_1' });
      await expect(items().updateOne({ id: 3 }, { $unset: { value: '' } })).rejects.toMatchObject({ name: 'DuplicateKeyError' });
      expect(await items().findOne({ id: 3 })).toEqual({ id: 3, store: 1, value: 'x' });
    });

    it('keep true, 1 and "1" apart, and two Dates of one instant together', async () => {
      await items().createIndex({ value: 1 }, { unique: true });
      await items().insertMany([
        { id: 1, value: true },
        { id: 2, value: 1 },
        { id: 3, value: '1' },
        { id: 4, value: new Date(early.getTime()) },
      ]);

      await expect(items().insertOne({ id: 5, value: new Date(early.getTime()) })).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        keyValue: { value: early },
      });
      expect(await items().count({})).toBe(4);
    });
  });
});
