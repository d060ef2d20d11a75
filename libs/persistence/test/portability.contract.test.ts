import type { Filter, Update } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, type Product } from './product.fixture';

/** Filters and updates the engines would evaluate differently are refused up front, identically everywhere. */
describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');

  describe('refuses what the engines do not do alike', () => {
    beforeEach(async () => {
      await products().insertOne(aProduct({ id: 1 }));
    });

    it.each<[string, Filter]>([
      ['null equality', { dims: null }],
      ['$ne null', { dims: { $ne: null } }],
      ['null inside $in', { dims: { $in: [null, 1] } }],
      ['a regular expression', { title: /product/i }],
      ['an unsupported field operator', { tags: { $size: 1 } }],
      ['an unsupported top-level operator', { $where: 'true' }],
      ['operators mixed with plain fields', { dims: { $exists: true, widthMm: 1 } }],
      ['a non-boolean $exists', { dims: { $exists: 1 } }],
      ['a $contains that is not a string', { title: { $contains: 1 } }],
      ['an empty $or', { $or: [] }],
    ])('refuses a filter with %s, on reads and writes alike', async (_case, filter) => {
      await expect(products().find(filter)).rejects.toThrow(TypeError);
      await expect(products().count(filter)).rejects.toThrow(TypeError);
      await expect(products().deleteMany(filter)).rejects.toThrow(TypeError);
      await expect(products().updateMany(filter, { $set: { title: 'x' } })).rejects.toThrow(TypeError);
      expect(await products().count({})).toBe(1);
    });

    it.each<[string, Update]>([
      ['a replacement document', { title: 'Replaced' }],
      ['operators mixed with replacement fields', { $set: { title: 'x' }, status: 'draft' }],
      ['no operator at all', {}],
      ['$setOnInsert (not part of the port)', { $setOnInsert: { title: 'x' } }],
      ['an unsupported operator', { $max: { priceCents: 5 } }],
    ])('refuses an update with %s, leaving the document as it was', async (_case, update) => {
      await expect(products().updateOne({ id: 1 }, update)).rejects.toThrow(TypeError);
      await expect(products().findOneAndUpdate({ id: 1 }, update)).rejects.toThrow(TypeError);
      expect(await products().findOne({ id: 1 })).toEqual(aProduct({ id: 1 }));
    });

    it('refuses collection names that are not safe file names', () => {
      expect(() => context.db().collection('../escape')).toThrow(TypeError);
      expect(() => context.db().collection('')).toThrow(TypeError);
    });
  });
});
