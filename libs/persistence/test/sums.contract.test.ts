import type { Doc, Filter, SumGroup, SumOptions } from '../src/collection.port';
import { describeCollectionContract } from './collection-contract.fixture';

interface Sale extends Doc {
  id: number;
  store: number;
  currency?: string;
  taxed?: boolean;
  subtotal: number;
  tax?: unknown;
  at: unknown;
  refunds?: unknown;
}

const on = (day: number, hour = 0) => new Date(Date.UTC(2026, 2, day, hour));
const refund = (amount: number, status: string, at: Date) => ({ amount, status, at });

/** Store 1's sales differ on every field the sums read: missing ones, a string amount, refunds as a list, one object, none. */
const SALES: Sale[] = [
  {
    id: 1,
    store: 1,
    currency: 'USD',
    taxed: false,
    subtotal: 1000,
    tax: 80,
    at: on(1, 10),
    refunds: [refund(100, 'succeeded', on(2, 12)), refund(50, 'pending', on(2, 13))],
  },
  { id: 2, store: 1, currency: 'USD', taxed: true, subtotal: 2000, tax: 'x', at: on(1, 23), refunds: [] },
  { id: 3, store: 1, currency: 'EUR', subtotal: 500, tax: 40, at: on(2, 5), refunds: [refund(500, 'succeeded', on(3, 1))] },
  { id: 4, store: 1, subtotal: 700, at: on(3, 12), refunds: refund(7, 'succeeded', on(3, 2)) },
  { id: 5, store: 2, currency: 'USD', subtotal: 9999, tax: 1, at: on(1, 12), refunds: [refund(9, 'succeeded', on(2))] },
  {
    id: 6,
    store: 1,
    currency: 'USD',
    subtotal: 300,
    tax: 30,
    at: 'yesterday',
    refunds: ['junk', refund(5, 'succeeded', on(4)), null],
  },
  { id: 7, store: 1, currency: 'USD', taxed: false, subtotal: 1.5, tax: 0, at: on(4) },
];

/** Groups in one order whatever the engine answers them in. */
const sorted = (groups: SumGroup[]) =>
  [...groups].sort((a, b) => JSON.stringify([a.key, a.range]).localeCompare(JSON.stringify([b.key, b.range])));

describeCollectionContract((context) => {
  const sales = () => context.db().collection<Sale>('sales');
  const sums = async (filter: Filter, options: SumOptions) => sorted(await sales().sumGroups(filter, options));

  describe('sumGroups: counts and sums per group, computed by the engine', () => {
    beforeEach(async () => {
      await sales().insertMany(SALES);
    });

    it('counts the matching documents and sums numeric fields; a missing or non-numeric value adds nothing', async () => {
      expect(await sums({ store: 1 }, { sum: ['subtotal', 'tax'] })).toEqual([{ key: {}, count: 6, sums: { subtotal: 4501.5, tax: 150 } }]);
    });

    it('answers no group when no document matches', async () => {
      expect(await sums({ store: 3 }, { sum: ['subtotal'] })).toEqual([]);
      expect(await sums({ store: 3 }, { sum: ['subtotal'], groupBy: ['currency'] })).toEqual([]);
    });

    it('groups by the values of fields, a missing one grouping as null', async () => {
      expect(await sums({ store: 1 }, { sum: ['subtotal', 'tax'], groupBy: ['currency', 'taxed'] })).toEqual(
        sorted([
          { key: { currency: 'USD', taxed: false }, count: 2, sums: { subtotal: 1001.5, tax: 80 } },
          { key: { currency: 'USD', taxed: true }, count: 1, sums: { subtotal: 2000, tax: 0 } },
          { key: { currency: 'USD', taxed: null }, count: 1, sums: { subtotal: 300, tax: 30 } },
          { key: { currency: 'EUR', taxed: null }, count: 1, sums: { subtotal: 500, tax: 40 } },
          { key: { currency: null, taxed: null }, count: 1, sums: { subtotal: 700, tax: 0 } },
        ]),
      );
    });

    it('splits by ranges of a Date field, [from, to); a value outside every range, missing or of another type is left out', async () => {
      const ranges = { field: 'at', boundaries: [on(1), on(2), on(3), on(4)] };

      expect(await sums({ store: 1 }, { sum: ['subtotal'], ranges })).toEqual(
        sorted([
          { key: {}, range: 0, count: 2, sums: { subtotal: 3000 } },
          { key: {}, range: 1, count: 1, sums: { subtotal: 500 } },
          { key: {}, range: 2, count: 1, sums: { subtotal: 700 } },
        ]),
      );
      expect(await sums({ store: 1, at: { $lt: on(2) } }, { sum: [], groupBy: ['currency'], ranges })).toEqual([
        { key: { currency: 'USD' }, range: 0, count: 2, sums: {} },
      ]);
    });

    it('splits by ranges of a number field', async () => {
      expect(await sums({ store: 1 }, { sum: ['tax'], ranges: { field: 'subtotal', boundaries: [0, 1000, 2001] } })).toEqual([
        { key: {}, range: 0, count: 4, sums: { tax: 70 } },
        { key: {}, range: 1, count: 2, sums: { tax: 80 } },
      ]);
    });

    it("sums an array's elements instead of the documents, those matching a filter, grouped by their document's fields", async () => {
      const succeeded = { field: 'refunds', match: { 'refunds.status': 'succeeded' } };

      expect(await sums({ store: 1 }, { sum: ['refunds.amount'], groupBy: ['currency'], unwind: succeeded })).toEqual(
        sorted([
          { key: { currency: 'USD' }, count: 2, sums: { 'refunds.amount': 105 } },
          { key: { currency: 'EUR' }, count: 1, sums: { 'refunds.amount': 500 } },
          { key: { currency: null }, count: 1, sums: { 'refunds.amount': 7 } },
        ]),
      );
      expect(await sums({ store: 1 }, { sum: ['refunds.amount'], unwind: { field: 'refunds' } })).toEqual([
        { key: {}, count: 7, sums: { 'refunds.amount': 662 } },
      ]);
      expect(
        await sums(
          { store: 1 },
          { sum: ['refunds.amount'], unwind: succeeded, ranges: { field: 'refunds.at', boundaries: [on(2), on(3), on(5)] } },
        ),
      ).toEqual([
        { key: {}, range: 0, count: 1, sums: { 'refunds.amount': 100 } },
        { key: {}, range: 1, count: 3, sums: { 'refunds.amount': 512 } },
      ]);
    });

    it('answers the same when the filter needs a condition on an array field', async () => {
      const options: SumOptions = {
        sum: ['refunds.amount', 'subtotal'],
        groupBy: ['currency'],
        unwind: { field: 'refunds', match: { 'refunds.status': 'succeeded', 'refunds.amount': { $gte: 7 } } },
      };

      expect(await sums({ store: 1, 'refunds.status': 'succeeded' }, options)).toEqual(
        sorted([
          { key: { currency: 'USD' }, count: 1, sums: { 'refunds.amount': 100, subtotal: 1000 } },
          { key: { currency: 'EUR' }, count: 1, sums: { 'refunds.amount': 500, subtotal: 500 } },
          { key: { currency: null }, count: 1, sums: { 'refunds.amount': 7, subtotal: 700 } },
        ]),
      );
      expect(await sums({ store: 1 }, options)).toEqual(await sums({ store: 1, 'refunds.status': 'succeeded' }, options));
    });

    it.each<[string, SumOptions]>([
      ['boundaries not ascending', { sum: [], ranges: { field: 'at', boundaries: [on(2), on(1)] } }],
      ['boundaries of two types', { sum: [], ranges: { field: 'at', boundaries: [0, on(1)] as unknown as number[] } }],
      ['a single boundary', { sum: [], ranges: { field: 'at', boundaries: [on(1)] } }],
      ['an operator as a field', { sum: ['$subtotal'] }],
      ['an empty path segment', { sum: [], groupBy: ['a..b'] }],
      ['an unwound path inside a document', { sum: [], unwind: { field: 'refunds.items' } }],
      ['a regular expression on the elements', { sum: [], unwind: { field: 'refunds', match: { 'refunds.status': /s/ } } }],
    ])('refuses %s', async (_case, options) => {
      await expect(sales().sumGroups({ store: 1 }, options)).rejects.toThrow(TypeError);
    });
  });
});
