import fc from 'fast-check';
import type { Doc, Filter, SumGroup, SumOptions } from '../collection.port';
import { sumDocuments } from '../query/document-sums';
import { openSqliteDatabase } from './sqlite.engine';

// sumGroups in one SQL statement (sql-sums.ts) answers what MongoDB's semantics give over the same documents
// (query/document-sums.ts, the engine's JavaScript path): random documents, random groups, ranges and unwinds.

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
const scalar = fc.oneof(fc.integer({ min: -50, max: 50 }), fc.constantFrom('x', true, null), fc.constant(undefined));
const element = fc.oneof(
  fc.record(
    { amount: scalar, status: fc.constantFrom('succeeded', 'pending'), at: fc.integer({ min: 0, max: 6 }).map(day) },
    { requiredKeys: [] },
  ),
  scalar,
);
const sale = fc.record(
  {
    store: fc.integer({ min: 1, max: 2 }),
    currency: fc.constantFrom('USD', 'EUR', undefined),
    flag: fc.constantFrom(true, false, undefined),
    subtotal: scalar,
    tax: fc.oneof(scalar, fc.double({ min: -10, max: 10, noNaN: true })),
    at: fc.oneof(fc.integer({ min: 0, max: 6 }).map(day), scalar),
    refunds: fc.oneof(fc.array(element, { maxLength: 3 }), element),
    // Group values SQL keys cannot tell apart (objects, arrays): the engine sums those in JavaScript.
    meta: fc.oneof(scalar, fc.constant({ a: 1 }), fc.constant([1, 2]), fc.integer({ min: 0, max: 6 }).map(day)),
  },
  { requiredKeys: ['store'] },
);
const options = fc.record({
  groupBy: fc.subarray(['currency', 'flag', 'subtotal', 'meta']),
  ranged: fc.constantFrom('at', 'subtotal', undefined),
  unwind: fc.constantFrom(undefined, {}, { 'refunds.status': 'succeeded' }, { 'refunds.amount': { $gte: 0 } }),
});

const canonical = (groups: SumGroup[]) => groups.map((group) => JSON.stringify(group)).sort();

it('answers in SQL what the documents give, whatever they hold', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(sale, { maxLength: 12 }), options, async (sales, chosen) => {
      const db = await openSqliteDatabase({ engine: 'memory' });
      try {
        const docs: Doc[] = sales.map(
          (one, id) =>
            JSON.parse(JSON.stringify({ id, ...one }), (key, value) =>
              key === 'at' && typeof value === 'string' && value.length > 5 ? new Date(value) : value,
            ) as Doc,
        );
        await db.collection('sales').insertMany(docs);
        const unwinding = chosen.unwind !== undefined;
        const sumOptions: SumOptions = {
          sum: unwinding ? ['refunds.amount', 'subtotal'] : ['subtotal', 'tax'],
          groupBy: chosen.groupBy,
          ...(chosen.ranged === 'at'
            ? { ranges: { field: unwinding ? 'refunds.at' : 'at', boundaries: [day(1), day(3), day(5)] } }
            : chosen.ranged === 'subtotal'
              ? { ranges: { field: 'subtotal', boundaries: [-10, 0, 10, 40] } }
              : {}),
          ...(unwinding ? { unwind: { field: 'refunds', match: chosen.unwind } } : {}),
        };
        const filter: Filter = { store: 1 };
        const { exact } = db.explain('sales', filter, { sums: sumOptions });
        const stored = await db.collection('sales').find(filter);

        expect(exact).toBe(true);
        expect(canonical(await db.collection('sales').sumGroups(filter, sumOptions))).toEqual(canonical(sumDocuments(stored, sumOptions)));
      } finally {
        await db.close();
      }
    }),
    { numRuns: 300 },
  );
});
