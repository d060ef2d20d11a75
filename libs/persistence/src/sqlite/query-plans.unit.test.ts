// Listing cost must not grow with the store (docs/persistence.md#indexes-listing-cost-does-not-grow-with-the-store): every list, page and
// count the services make is served by an index SQLite chose itself, with no scan of the table and no sort of the matches in memory.
import type { Filter, FindOptions } from '../collection.port';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite.engine';

let db: SqliteDatabase;

beforeEach(async () => {
  db = await openSqliteDatabase({ engine: 'memory' });
  const products = db.collection('products');
  await products.createIndex({ store_id: 1, id: 1 }, { unique: true });
  // Catalog's listing indexes end with the search text its `q` looks for (services/catalog/src/infra/indexes.ts).
  await products.createIndex({ store_id: 1, deleted: 1, id: 1, search_text: 1 }, { name: 'live_text' });
  await products.createIndex({ store_id: 1, deleted: 1, status: 1, id: 1, search_text: 1 }, { name: 'live_by_status_text' });
  await products.createIndex({ store_id: 1, deleted: 1, updated_at: 1 });
  await products.createIndex({ outbox_pending: 1 });
  // Arrays in some fields (as products hold variants and an outbox), so the planner knows them.
  await products.insertOne({
    store_id: 1,
    id: 1,
    deleted: false,
    status: 'active',
    search_text: 'green tea',
    updated_at: new Date(),
    variants: [{ id: 1 }],
    outbox: [{ id: 'e1' }],
    outbox_pending: true,
  });
});

afterEach(() => db.close());

const at = new Date('2026-01-01T00:00:00Z');

it.each<[string, Filter, FindOptions & { count?: boolean }]>([
  ['a page, newest first', { store_id: 1, deleted: false }, { sort: { id: -1 }, skip: 40, limit: 20 }],
  ['a page after an id', { store_id: 1, deleted: false, id: { $gt: 100 } }, { sort: { id: 1 }, limit: 20 }],
  [
    'a page between ids, by status',
    { store_id: 1, deleted: false, status: 'active', id: { $gt: 5, $lt: 900 } },
    { sort: { id: -1 }, limit: 20 },
  ],
  ['the count beside a page', { store_id: 1, deleted: false, status: 'hidden' }, { count: true }],
  ['changed since', { store_id: 1, deleted: false, updated_at: { $gte: at } }, { sort: { updated_at: 1 }, limit: 50 }],
  ['one record', { store_id: 1, id: 7 }, { limit: 1 }],
  ['the relay: pending documents with events', { outbox_pending: true, 'outbox.0': { $exists: true } }, { limit: 100 }],
  [
    'the relay: the document of a published event',
    { outbox_pending: true, 'outbox.0.id': 'e1', 'outbox.1': { $exists: false } },
    { limit: 1 },
  ],
])('serves %s from an index, decided in SQL alone', (_what, filter, options) => {
  const { plan, exact } = db.explain('products', filter, options);

  expect(exact).toBe(true);
  expect(plan.join('\n')).toMatch(/SEARCH c_products USING (COVERING )?INDEX/);
  expect(plan.join('\n')).not.toMatch(/SCAN|TEMP B-TREE/);
});

it.each<[string, Filter, FindOptions & { count?: boolean }, string]>([
  [
    'a search page',
    { store_id: 1, deleted: false, search_text: { $contains: 'tea' } },
    { sort: { id: 1 }, limit: 20 },
    'INDEX products/live_text',
  ],
  // A count needs no order: any index holding the text serves it from its entries alone.
  [
    'its count',
    { store_id: 1, deleted: false, search_text: { $contains: 'tea' } },
    { count: true },
    'COVERING INDEX products/live_(by_status_)?text',
  ],
  [
    'a search by status, newest first',
    { store_id: 1, deleted: false, status: 'active', search_text: { $contains: 'tea' } },
    { sort: { id: -1 }, limit: 20 },
    'INDEX products/live_by_status_text',
  ],
])('walks %s on the listing index that ends with the text, testing its entries, never sorting', (_what, filter, options, index) => {
  const { plan, exact } = db.explain('products', filter, options);

  expect(exact).toBe(true);
  expect(plan.join('\n')).toMatch(new RegExp(`SEARCH c_products USING (COVERING )?${index} `));
  expect(plan.join('\n')).not.toMatch(/SCAN|TEMP B-TREE/);
});

it('answers a condition on an array field in JavaScript, after SQL narrowed by the indexed fields', () => {
  const { plan, exact } = db.explain('products', { store_id: 1, deleted: false, 'variants.id': 3 }, {});

  expect(exact).toBe(false);
  expect(plan.join('\n')).toMatch(/SEARCH c_products USING INDEX/);
});
