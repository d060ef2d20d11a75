import type { Filter } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, idsOf, productCatalog, type Product } from './product.fixture';

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');
  const matching = async (filter: Filter) => idsOf(await products().find(filter));

  describe('filters', () => {
    beforeEach(async () => {
      await products().insertMany(productCatalog());
    });

    it('matches equality on top-level fields, combined as AND', async () => {
      expect(await matching({ status: 'active' })).toEqual([1, 3, 5]);
      expect(await matching({ status: 'active', storeId: 2 })).toEqual([3]);
      expect(await matching({})).toEqual([1, 2, 3, 4, 5]);
    });

    it('matches equality on a nested field by dot path', async () => {
      expect(await matching({ 'dims.widthMm': 30 })).toEqual([4]);
    });

    it('matches a scalar against an array field when any element equals it, and a whole array exactly', async () => {
      expect(await matching({ tags: 'sale' })).toEqual([1, 5]);
      expect(await matching({ tags: ['red', 'sale'] })).toEqual([1]);
      expect(await matching({ tags: [] })).toEqual([3]);
    });

    it('matches element-wise a field that starts holding arrays after it was queried and sorted as a scalar', async () => {
      const notes = context.db().collection<{ id: number; note: unknown }>('notes');
      await notes.insertOne({ id: 1, note: 'red' });
      expect(idsOf(await notes.find({ note: 'red' }, { sort: { note: 1 } }))).toEqual([1]);

      await notes.insertOne({ id: 2, note: ['blue', 'red'] });

      expect(idsOf(await notes.find({ note: 'red' }, { sort: { id: 1 } }))).toEqual([1, 2]);
      expect(idsOf(await notes.find({ note: { $gte: 'b' } }, { sort: { id: 1 } }))).toEqual([1, 2]);
      expect(await notes.count({ note: 'blue' })).toBe(1);
    });

    it('matches a dot path through an array of subdocuments', async () => {
      expect(await matching({ 'lines.sku': 'X' })).toEqual([3]);
      expect(await matching({ 'outbox.type': 'product.created' })).toEqual([2]);
    });

    it('matches an array position by dot path, e.g. a non-empty outbox', async () => {
      expect(await matching({ 'outbox.0': { $exists: true } })).toEqual([2]);
      expect(await matching({ 'outbox.0': { $exists: false } })).toEqual([1, 3, 4, 5]);
      expect(await matching({ 'outbox.0.id': 'e1' })).toEqual([2]);
    });

    it('supports $in and $nin on scalar fields', async () => {
      expect(await matching({ status: { $in: ['draft', 'archived'] } })).toEqual([2, 4]);
      expect(await matching({ status: { $nin: ['draft', 'archived'] } })).toEqual([1, 3, 5]);
      expect(await matching({ id: { $in: [] } })).toEqual([]);
    });

    it('supports $in against an array field (any element in the list)', async () => {
      expect(await matching({ tags: { $in: ['blue', 'green'] } })).toEqual([2, 5]);
    });

    it('supports $ne on scalar fields', async () => {
      expect(await matching({ status: { $ne: 'active' } })).toEqual([2, 4]);
    });

    it('supports $gt, $gte, $lt, $lte on numbers, alone and combined', async () => {
      expect(await matching({ priceCents: { $gt: 2500 } })).toEqual([4, 5]);
      expect(await matching({ priceCents: { $gte: 2500 } })).toEqual([3, 4, 5]);
      expect(await matching({ priceCents: { $lt: 1500 } })).toEqual([1]);
      expect(await matching({ priceCents: { $lte: 1500 } })).toEqual([1, 2]);
      expect(await matching({ priceCents: { $gte: 1500, $lt: 3500 } })).toEqual([2, 3]);
    });

    it('supports range operators on strings and Dates', async () => {
      expect(await matching({ sku: { $gt: 'SKU-3' } })).toEqual([4, 5]);
      expect(await matching({ createdAt: { $gte: new Date(Date.UTC(2024, 0, 4)) } })).toEqual([4, 5]);
      expect(await matching({ createdAt: new Date(Date.UTC(2024, 0, 2)) })).toEqual([2]);
    });

    it('supports $exists true and false', async () => {
      expect(await matching({ dims: { $exists: true } })).toEqual([1, 4]);
      expect(await matching({ dims: { $exists: false } })).toEqual([2, 3, 5]);
    });

    it('supports $or and $and, also nested', async () => {
      expect(await matching({ $or: [{ status: 'draft' }, { priceCents: { $gte: 4500 } }] })).toEqual([2, 5]);
      expect(await matching({ $and: [{ storeId: 1 }, { status: 'active' }] })).toEqual([1, 5]);
      expect(await matching({ storeId: 2, $or: [{ status: 'archived' }, { tags: 'nothing' }] })).toEqual([4]);
      expect(await matching({ $and: [{ $or: [{ storeId: 2 }, { tags: 'blue' }] }, { priceCents: { $lt: 3000 } }] })).toEqual([2, 3]);
    });

    it('supports $contains: a substring of a string, ASCII letters in any case, every other character literal', async () => {
      await products().insertMany([
        aProduct({ id: 6, title: 'Tea 100% (loose_leaf) [v2.*]', sku: 'a\\b' }),
        aProduct({ id: 7, title: 'Tea 100 loose leaf v2', sku: 'ab' }),
      ]);

      expect(await matching({ title: { $contains: 'Product' } })).toEqual([1, 2, 3, 4, 5]);
      expect(await matching({ title: { $contains: 'product' } })).toEqual([1, 2, 3, 4, 5]);
      expect(await matching({ title: { $contains: '100%' } })).toEqual([6]);
      expect(await matching({ title: { $contains: '_leaf' } })).toEqual([6]);
      expect(await matching({ title: { $contains: '[v2.*]' } })).toEqual([6]);
      expect(await matching({ title: { $contains: '(loose' } })).toEqual([6]);
      expect(await matching({ title: { $contains: '.*' } })).toEqual([6]);
      expect(await matching({ sku: { $contains: '\\' } })).toEqual([6]);
      expect(await matching({ title: { $contains: '' } })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('matches $contains on strings only (never a number by its digits), and any element of an array', async () => {
      expect(await matching({ priceCents: { $contains: '5' } })).toEqual([]);
      expect(await matching({ dims: { $contains: '' } })).toEqual([]);
      expect(await matching({ tags: { $contains: 'ree' } })).toEqual([5]);
      expect(await matching({ status: { $contains: 'act' }, storeId: 1, $or: [{ tags: 'red' }, { tags: 'green' }] })).toEqual([1, 5]);
      expect(await products().count({ title: { $contains: 'uct 1' } })).toBe(1);
    });
  });
});
