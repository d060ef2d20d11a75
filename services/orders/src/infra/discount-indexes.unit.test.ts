// The discount queries are served by their indexes (docs/persistence.md#indexes-listing-cost-does-not-grow-with-the-store):
// a store's page of codes, a code's lookup, a redemption's count and an order's redemption never scan.
import { explainEmbeddedQuery, openDatabase, type Database, type Filter, type FindOptions } from '@commerce/persistence';
import { DiscountRedemptionRepository } from './discount-redemption.repository';
import { DiscountRepository } from './discount.repository';
import { ensureDiscountIndexes } from './indexes';

let db: Database;

beforeAll(async () => {
  db = await openDatabase({ engine: 'memory' });
  await ensureDiscountIndexes(db);
});

afterAll(() => db.close());

const LIVE = { deleted_at: { $exists: false } };

it.each<[string, string, Filter, FindOptions, string]>([
  ['a page of codes', DiscountRepository.collection, { store_id: 1, ...LIVE }, { sort: { id: 1 }, limit: 50 }, 'discounts_store_id'],
  [
    'a code by its key',
    DiscountRepository.collection,
    { store_id: 1, code_key: 'summer', ...LIVE },
    { limit: 1 },
    'discounts_store_code_key',
  ],
  [
    "a redemption's count",
    DiscountRepository.collection,
    { store_id: 1, id: 2, ...LIVE, usage_limit: 10, times_used: { $lt: 10 }, counting: { $ne: 5 } },
    { limit: 1 },
    'discounts_store_id',
  ],
  [
    "an order's redemption",
    DiscountRedemptionRepository.collection,
    { store_id: 1, order_id: 5 },
    { limit: 1 },
    'discount_redemptions_store_order',
  ],
])('serves %s from an index', (_what, collection, filter, options, index) => {
  const plan = explainEmbeddedQuery(db, collection, filter, options).plan.join('\n');
  expect(plan).toMatch(new RegExp(`SEARCH c_${collection} USING (COVERING )?INDEX ${collection}/${index} \\(`));
  expect(plan).not.toMatch(/SCAN c_/);
});
