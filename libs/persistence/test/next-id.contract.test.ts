import { describeCollectionContract } from './collection-contract.fixture';

describeCollectionContract((context) => {
  describe('nextId', () => {
    it('hands out 1, 2, 3… per counter name, each counter on its own', async () => {
      const db = context.db();

      expect([await db.nextId('products'), await db.nextId('products'), await db.nextId('orders'), await db.nextId('products')]).toEqual([
        1, 2, 1, 3,
      ]);
    });

    it('gives 50 concurrent callers the distinct ids 1..50', async () => {
      const ids = await Promise.all(Array.from({ length: 50 }, () => context.db().nextId('orders')));

      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await context.db().nextId('orders')).toBe(51);
    });

    it('keeps concurrent first calls on several new counters apart', async () => {
      const names = ['a', 'b', 'a', 'b', 'a'];
      const ids = await Promise.all(names.map((name) => context.db().nextId(name)));

      expect(ids.filter((_, i) => names[i] === 'a').sort()).toEqual([1, 2, 3]);
      expect(ids.filter((_, i) => names[i] === 'b').sort()).toEqual([1, 2]);
    });

    it('counts on from a counter document already stored, keeping its other fields', async () => {
      const db = context.db();
      await db.collection('counters').insertOne({ name: 'legacy', seq: 41, note: 'kept' });

      expect([await db.nextId('legacy'), await db.nextId('legacy')]).toEqual([42, 43]);
      expect(await db.collection('counters').findOne({ name: 'legacy' })).toEqual({ name: 'legacy', seq: 43, note: 'kept' });
    });

    it('refuses to count on from a counter that holds no number, and leaves it as it was', async () => {
      const db = context.db();
      await db.collection('counters').insertOne({ name: 'broken', seq: 'seven' });

      await expect(db.nextId('broken')).rejects.toThrow();
      expect(await db.collection('counters').findOne({ name: 'broken' })).toEqual({ name: 'broken', seq: 'seven' });
    });
  });
});
