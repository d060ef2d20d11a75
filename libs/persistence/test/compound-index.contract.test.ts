import type { Collection, Filter, FindOptions } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, storeListing, type Product } from './product.fixture';

/**
 * The listing indexes a catalog declares (docs/persistence.md#indexes-listing-cost-does-not-grow-with-the-store: store + id, store + status
 * + id, store + updatedAt).
 */
const LISTING_INDEXES: Record<string, 1 | -1>[] = [
  { storeId: 1, deleted: 1, id: 1 },
  { storeId: 1, deleted: 1, status: 1, id: 1 },
  { storeId: 1, deleted: 1, updatedAt: 1 },
];

const at = (minute: number) => new Date(Date.UTC(2024, 1, 1, 0, minute));

/** Pages and counts a listing makes: equality prefix, ranges, both sort directions, skip and limit. Sorts have no ties. */
const LISTINGS: [Filter, FindOptions][] = [
  [
    { storeId: 1, deleted: false },
    { sort: { id: 1 }, limit: 10 },
  ],
  [
    { storeId: 1, deleted: false },
    { sort: { id: -1 }, skip: 5, limit: 10 },
  ],
  [
    { storeId: 1, deleted: false, id: { $gt: 10 } },
    { sort: { id: -1 }, skip: 3, limit: 5 },
  ],
  [{ storeId: 1, deleted: false, id: { $gte: 5, $lt: 30 } }, { sort: { id: 1 } }],
  [
    { storeId: 2, deleted: false, id: { $lte: 50 } },
    { sort: { id: -1 }, skip: 40, limit: 5 },
  ],
  [
    { storeId: 1, deleted: false, status: 'active' },
    { sort: { id: 1 }, skip: 2, limit: 4 },
  ],
  [
    { storeId: 1, deleted: false, status: 'draft' },
    { sort: { id: -1 }, limit: 3 },
  ],
  [{ storeId: 2, deleted: false, status: 'archived', id: { $gt: 41 } }, { sort: { id: 1 } }],
  [
    { storeId: 1, deleted: false },
    { sort: { updatedAt: -1 }, limit: 10 },
  ],
  [
    { storeId: 1, deleted: false },
    { sort: { updatedAt: 1 }, skip: 1, limit: 10 },
  ],
  [{ storeId: 1, deleted: false, updatedAt: { $gte: at(30) } }, { sort: { updatedAt: 1 } }],
  [
    { storeId: 2, deleted: false, updatedAt: { $lt: at(60) } },
    { sort: { updatedAt: -1 }, skip: 2 },
  ],
  [{ storeId: 1, deleted: false, status: { $exists: false } }, { sort: { id: 1 } }],
  [{ storeId: 1, deleted: true }, { sort: { id: 1 } }],
  [
    { storeId: 1, deleted: false, status: 'active', priceCents: 1000 },
    { sort: { id: -1 }, limit: 5 },
  ],
];

/** The same writes on both collections: updates that move documents between index ranges, upserts, deletes. */
async function applyWrites(products: Collection<Product>): Promise<void> {
  await products.updateMany({ storeId: 1, status: 'draft' }, { $set: { status: 'active' } });
  await products.updateOne({ id: 3 }, { $set: { deleted: true } });
  await products.updateOne({ id: 14 }, { $set: { deleted: false } });
  await products.updateOne({ id: 20 }, { $set: { storeId: 2, updatedAt: at(1) } });
  await products.updateOne({ id: 8 }, { $set: { updatedAt: at(200) } });
  await products.updateOne({ id: 10 }, { $unset: { status: '' } });
  await products.deleteOne({ id: 5 });
  await products.deleteMany({ storeId: 2, status: 'archived' });
  await products.updateOne({ id: 100, storeId: 1, deleted: false }, { $set: { status: 'active', updatedAt: at(150) } }, { upsert: true });
  await products.findOneAndUpdate(
    { id: 101, storeId: 2, deleted: false },
    { $set: { status: 'draft', updatedAt: at(2) } },
    { upsert: true },
  );
  await products.insertOne(aProduct({ id: 102, storeId: 1, deleted: false, status: 'archived', updatedAt: at(3) }));
}

describeCollectionContract((context) => {
  const indexed = () => context.db().collection<Product>('indexed_products');
  const plain = () => context.db().collection<Product>('plain_products');
  const declareIndexes = async () => {
    for (const keys of LISTING_INDEXES) await indexed().createIndex(keys);
  };

  /** Every listing answers the same, page and count, with the indexes as without them. */
  async function expectSameListings(): Promise<void> {
    for (const [filter, options] of LISTINGS) {
      const context = JSON.stringify({ filter, options });
      expect({ context, page: await indexed().find(filter, options) }).toEqual({ context, page: await plain().find(filter, options) });
      expect({ context, count: await indexed().count(filter) }).toEqual({ context, count: await plain().count(filter) });
    }
  }

  const ids = (docs: Product[]) => docs.map((doc) => doc.id);

  describe('compound indexes: the same answers as without them', () => {
    beforeEach(async () => {
      const products = storeListing();
      // Some documents exist before the indexes are declared, some arrive after.
      await indexed().insertMany(products.slice(0, 30));
      await declareIndexes();
      await indexed().insertMany(products.slice(30));
      await plain().insertMany(products);
    });

    it('pages and counts by equality prefix, range and sort in both directions, with skip and limit', async () => {
      await expectSameListings();

      expect(ids(await indexed().find({ storeId: 1, deleted: false, id: { $gt: 10 } }, { sort: { id: -1 }, skip: 3, limit: 5 }))).toEqual([
        37, 36, 34, 33, 32,
      ]);
      expect(await indexed().count({ storeId: 1, deleted: false, status: 'active' })).toBe(11);
      expect(ids(await indexed().find({ storeId: 1, deleted: false }, { sort: { updatedAt: -1 }, limit: 3 }))).toEqual([1, 3, 5]);
      expect(ids(await indexed().find({ storeId: 1, deleted: false }, { sort: { updatedAt: 1 }, limit: 2 }))).toEqual([13, 2]);
    });

    it('keeps answering the same after updates move documents between ranges, upserts and deletes', async () => {
      await applyWrites(indexed());
      await applyWrites(plain());

      await expectSameListings();
      expect(ids(await indexed().find({ storeId: 1, deleted: false, status: 'active' }, { sort: { id: -1 }, limit: 3 }))).toEqual([
        100, 40, 39,
      ]);
      expect(ids(await indexed().find({ storeId: 2, deleted: false }, { sort: { updatedAt: 1 }, limit: 3 }))).toEqual([45, 101, 44]);
      expect(ids(await indexed().find({ storeId: 1, deleted: false }, { sort: { updatedAt: -1 }, limit: 3 }))).toEqual([8, 100, 1]);
    });

    // Only engines that keep data across a reopen (not memory).
    const { reopen } = context;
    if (reopen) {
      it('keeps answering the same after the database is reopened, before and after the indexes are declared again', async () => {
        await applyWrites(indexed());
        await applyWrites(plain());

        await reopen();
        await expectSameListings();
        await declareIndexes();
        await expectSameListings();
        await indexed().updateOne({ id: 1 }, { $set: { status: 'draft' } });
        await plain().updateOne({ id: 1 }, { $set: { status: 'draft' } });
        await expectSameListings();
      });
    }
  });
});
