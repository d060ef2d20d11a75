import type { ContractContext } from './collection.contract';

export function describeNextIdContract(context: ContractContext): void {
  describe('nextId', () => {
    it('hands out 1, 2, 3… per counter name, each counter on its own', async () => {
      const db = context.db();

      expect([await db.nextId('products'), await db.nextId('products'), await db.nextId('orders'), await db.nextId('products')]).toEqual([1, 2, 1, 3]);
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
  });
}
