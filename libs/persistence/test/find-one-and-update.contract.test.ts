import type { Doc } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';
import { aProduct, type Product } from './product.fixture';

interface Job extends Doc {
  id: number;
  status: 'pending' | 'taken';
  attempts: number;
}

describeCollectionContract((context) => {
  const products = () => context.db().collection<Product>('products');
  const jobs = () => context.db().collection<Job>('jobs');

  describe('findOneAndUpdate', () => {
    beforeEach(async () => {
      await products().insertOne(aProduct({ id: 1, priceCents: 100 }));
    });

    it('returns the document after the update by default', async () => {
      const after = await products().findOneAndUpdate({ id: 1 }, { $inc: { priceCents: 5 } });

      expect(after).toEqual(aProduct({ id: 1, priceCents: 105 }));
    });

    it("returns the document before the update with returnDocument 'before', and still applies it", async () => {
      const before = await products().findOneAndUpdate({ id: 1 }, { $inc: { priceCents: 5 } }, { returnDocument: 'before' });

      expect(before).toEqual(aProduct({ id: 1, priceCents: 100 }));
      expect((await products().findOne({ id: 1 }))?.priceCents).toBe(105);
    });

    it('returns null and inserts nothing when nothing matches without upsert', async () => {
      expect(await products().findOneAndUpdate({ id: 2 }, { $set: { title: 'x' } })).toBeNull();
      expect(await products().count({})).toBe(1);
    });

    it("upserts: 'after' returns the new document, 'before' returns null but stores it", async () => {
      const after = await products().findOneAndUpdate({ id: 2 }, { $set: { title: 'New' } }, { upsert: true });
      const before = await products().findOneAndUpdate({ id: 3 }, { $set: { title: 'Newer' } }, { upsert: true, returnDocument: 'before' });

      expect(after).toEqual({ id: 2, title: 'New' });
      expect(before).toBeNull();
      expect(await products().findOne({ id: 3 })).toEqual({ id: 3, title: 'Newer' });
    });

    it('updates only one document when several match', async () => {
      await products().insertOne(aProduct({ id: 2, priceCents: 100 }));

      await products().findOneAndUpdate({ priceCents: 100 }, { $set: { priceCents: 1 } });

      expect(await products().count({ priceCents: 1 })).toBe(1);
    });

    it('is atomic: concurrent claims of pending jobs never take one job twice', async () => {
      await jobs().insertMany([1, 2, 3, 4, 5].map((id) => ({ id, status: 'pending' as const, attempts: 0 })));

      const claims = await Promise.all(
        Array.from({ length: 12 }, () =>
          jobs().findOneAndUpdate({ status: 'pending' }, { $set: { status: 'taken' }, $inc: { attempts: 1 } }),
        ),
      );

      const taken = claims.filter((job): job is Job => job !== null);
      expect(taken.map((job) => job.id).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(claims.filter((job) => job === null)).toHaveLength(7);
      expect(await jobs().count({ attempts: 1, status: 'taken' })).toBe(5);
    });

    it("is atomic with 'before': concurrent increments each see a distinct previous value", async () => {
      const befores = await Promise.all(
        Array.from({ length: 20 }, () => products().findOneAndUpdate({ id: 1 }, { $inc: { priceCents: 1 } }, { returnDocument: 'before' })),
      );

      expect(befores.map((doc) => doc?.priceCents).sort((a = 0, b = 0) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
      expect((await products().findOne({ id: 1 }))?.priceCents).toBe(120);
    });
  });
});
