import { explainEmbeddedQuery, openDatabase, type Database, type Filter, type FindOptions, type SumOptions } from '@commerce/persistence';
import { anOrder } from '../domain/order.fixture';
import { ensureOrdersIndexes } from './indexes';
import { OrderRepository } from './order.repository';

// Which index serves each query of the orders list and the sales summary (infra/indexes.ts names them): on SQLite, the
// plan of every shape, so a 100,000-order store reads a range of an index, never the whole table or every store's orders.

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureOrdersIndexes(db);
  // Documents with their arrays (items, fulfillments, refunds, outbox), so the planner sees the paths that hold them.
  await db.collection(OrderRepository.collection).insertOne({ ...anOrder(), refunds: [], last_refund_at: null, outbox: [] });
});

afterAll(() => db.close());

const from = new Date('2026-03-01T05:00:00Z');
const to = new Date('2026-03-08T04:59:59Z');
const newestFirst: FindOptions = { sort: { id: -1 }, limit: 50 };
const searched = { $and: [{ $or: [{ id: 1001 }, { email: { $contains: '1001' } }] }] };
const searchedText = { $and: [{ email: { $contains: 'ann.lee' } }] };

const planOf = (filter: Filter, options: FindOptions & { count?: boolean; sums?: SumOptions }) => {
  const { plan, exact } = explainEmbeddedQuery(db, OrderRepository.collection, filter, options);
  return { plan: plan.join('\n'), exact };
};

it.each<[string, string, Filter, FindOptions & { count?: boolean }]>([
  ['a search, newest first', 'orders_store_id', { store_id: 1, ...searched }, newestFirst],
  ['a search of one status', 'orders_store_status_id', { store_id: 1, status: 'open', ...searched }, newestFirst],
  ['a placement range', 'orders_store_sales', { store_id: 1, created_at: { $gte: from, $lte: to } }, newestFirst],
  ["a placement range's count", 'orders_store_sales', { store_id: 1, created_at: { $gte: from, $lte: to } }, { count: true }],
  ['a searched placement range', 'orders_store_sales', { store_id: 1, created_at: { $gte: from, $lte: to }, ...searched }, newestFirst],
])('lists %s through %s', (_what, index, filter, options) => {
  const { plan, exact } = planOf(filter, options);

  expect(exact).toBe(true);
  expect(plan).toMatch(new RegExp(`SEARCH c_orders USING (COVERING )?INDEX orders/${index} \\(<expr>=\\?`));
  expect(plan).not.toMatch(/SCAN c_orders/);
});

it.each([
  ['a number or text', searched],
  ['text', searchedText],
])('counts a search of %s from the store + e-mail index alone (its e-mails and ids), never reading the orders', (_what, search) => {
  expect(planOf({ store_id: 1, ...search }, { count: true })).toEqual({
    exact: true,
    plan: 'SEARCH c_orders USING COVERING INDEX orders/orders_store_email (<expr>=?)',
  });
});

it('sums the orders of a range from the sales index alone, and the refunds of the orders refunded since its start', () => {
  const placed = planOf(
    { store_id: 1, created_at: { $gte: from, $lte: to }, status: { $nin: ['pending', 'failed'] } },
    {
      sums: {
        sum: ['subtotal', 'discounts', 'shipping', 'tax', 'shipping_tax'],
        groupBy: ['currency', 'prices_include_tax'],
        ranges: { field: 'created_at', boundaries: [from, to] },
      },
    },
  );
  const refunded = planOf(
    { store_id: 1, last_refund_at: { $gte: from } },
    {
      sums: {
        sum: ['refunds.amount'],
        groupBy: ['currency'],
        ranges: { field: 'refunds.created_at', boundaries: [from, to] },
        unwind: { field: 'refunds', match: { 'refunds.status': 'succeeded', 'refunds.created_at': { $gte: from, $lte: to } } },
      },
    },
  );

  expect(placed).toMatchObject({
    exact: true,
    plan: expect.stringMatching(/SEARCH c_orders USING COVERING INDEX orders\/orders_store_sales /),
  });
  expect(refunded).toMatchObject({
    exact: true,
    plan: expect.stringMatching(/SEARCH c_orders USING INDEX orders\/orders_store_last_refund /),
  });
  expect(placed.plan + refunded.plan).not.toMatch(/SCAN c_orders/);
});
