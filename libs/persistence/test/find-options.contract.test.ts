import { describeCollectionContract } from './collection-contract.fixture';
import { productCatalog, type Product } from './product.fixture';

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');
  const ids = (docs: Product[]) => docs.map((doc) => doc.id);

  describe('find: sort, skip, limit', () => {
    beforeEach(async () => {
      // Inserted out of order so a passing sort is not just insertion order.
      const [one, two, three, four, five] = productCatalog();
      await products().insertMany([three, one, five, two, four]);
    });

    it('sorts ascending and descending', async () => {
      expect(ids(await products().find({}, { sort: { priceCents: 1 } }))).toEqual([1, 2, 3, 4, 5]);
      expect(ids(await products().find({}, { sort: { priceCents: -1 } }))).toEqual([5, 4, 3, 2, 1]);
    });

    it('sorts by several keys in order', async () => {
      expect(ids(await products().find({}, { sort: { storeId: 1, priceCents: -1 } }))).toEqual([5, 2, 1, 4, 3]);
    });

    it('sorts by strings and Dates', async () => {
      expect(ids(await products().find({}, { sort: { sku: -1 } }))).toEqual([5, 4, 3, 2, 1]);
      expect(ids(await products().find({}, { sort: { createdAt: 1 } }))).toEqual([1, 2, 3, 4, 5]);
    });

    it('pages with skip and limit after sorting and filtering', async () => {
      const page = (skip: number) => products().find({ status: { $ne: 'archived' } }, { sort: { id: 1 }, skip, limit: 2 });

      expect(ids(await page(0))).toEqual([1, 2]);
      expect(ids(await page(2))).toEqual([3, 5]);
      expect(ids(await page(4))).toEqual([]);
    });

    it('limits without skip, and treats limit 0 as no limit', async () => {
      expect(ids(await products().find({}, { sort: { id: -1 }, limit: 3 }))).toEqual([5, 4, 3]);
      expect(await products().find({}, { sort: { id: 1 }, limit: 0 })).toHaveLength(5);
    });

    it('supports keyset paging: id greater than the last seen, sorted, limited', async () => {
      const first = await products().find({ storeId: 1 }, { sort: { id: 1 }, limit: 2 });
      const next = await products().find({ storeId: 1, id: { $gt: first[first.length - 1].id } }, { sort: { id: 1 }, limit: 2 });

      expect(ids(first)).toEqual([1, 2]);
      expect(ids(next)).toEqual([5]);
    });

    it('findFields answers only the named fields, Dates as Dates, leaving out a field a document lacks', async () => {
      const page = await products().findFields({ storeId: 1 }, ['id', 'createdAt', 'dims'], { sort: { priceCents: -1 }, limit: 2 });

      expect(page).toEqual([
        { id: 5, createdAt: new Date(Date.UTC(2024, 0, 5)) },
        { id: 2, createdAt: new Date(Date.UTC(2024, 0, 2)) },
      ]);
      expect(page[0].createdAt).toBeInstanceOf(Date);
      expect(await products().findFields({ tags: 'red' }, ['id', 'dims'], { sort: { id: 1 } })).toEqual([
        { id: 1, dims: { widthMm: 10, heightMm: 20 } },
        { id: 4, dims: { widthMm: 30, heightMm: 40 } },
      ]);
    });

    it('findFields refuses dotted or empty field lists', async () => {
      await expect(products().findFields({}, ['dims.widthMm'] as never[])).rejects.toThrow(TypeError);
      await expect(products().findFields({}, [])).rejects.toThrow(TypeError);
    });
  });
});
