import type { Filter } from '../../collection.port';
import { defaultIndexName } from '../../index-name';
import { OrderedIndex, type StoredDoc } from './ordered-index';
import { choosePlan, planSize, type IndexPlan, type PlanPurpose } from './query-planner';

/** 300 products in store 7 (every 10th deleted, statuses in turn) and 50 in store 8. */
function catalogDocs(): StoredDoc[] {
  const docs: StoredDoc[] = [];
  for (let id = 1; id <= 350; id += 1) {
    const statuses = ['active', 'draft', 'archived'];
    docs.push({ _id: `d${id}`, id, store_id: id <= 300 ? 7 : 8, deleted: id % 10 === 0, status: statuses[id % 3], updated_at: new Date(Date.UTC(2024, 0, 1, 0, 0, id)) });
  }
  return docs;
}

function indexOver(keys: Record<string, 1 | -1>, docs: StoredDoc[]): OrderedIndex {
  const index = new OrderedIndex(defaultIndexName(keys), keys, 8);
  index.reset(docs);
  return index;
}

const CATALOG_KEYS: Record<string, 1 | -1>[] = [
  { store_id: 1, deleted: 1, id: 1 },
  { store_id: 1, deleted: 1, status: 1, id: 1 },
  { store_id: 1, deleted: 1, shipping_group_id: 1, id: 1 },
  { store_id: 1, deleted: 1, updated_at: 1 },
];

const catalogIndexes = (docs = catalogDocs()) => CATALOG_KEYS.map((keys) => indexOver(keys, docs));
const page = (sort?: Record<string, 1 | -1>, skip = 0, limit = 20): PlanPurpose => ({ kind: 'find', sort, skip, limit });
const COUNT: PlanPurpose = { kind: 'count' };

function summary(plan: IndexPlan | undefined) {
  return plan && { index: plan.index.name, walk: plan.walk, covered: plan.covered, size: planSize(plan), intervals: plan.intervals.length };
}

describe('choosePlan', () => {
  it("serves the catalog's keyset page from store + deleted + id, walking backwards, covered", () => {
    const plan = choosePlan(catalogIndexes(), { store_id: 7, deleted: false, id: { $gt: 100 } }, page({ id: -1 }, 20));

    // Store 7 ids 101..300 minus the 20 deleted ones.
    expect(summary(plan)).toEqual({ index: 'store_id_1_deleted_1_id_1', walk: -1, covered: true, size: 180, intervals: 1 });
  });

  it('counts by status from the index that holds status, without reading documents', () => {
    const plan = choosePlan(catalogIndexes(), { store_id: 7, deleted: false, status: 'active' }, COUNT);

    expect(summary(plan)).toMatchObject({ index: 'store_id_1_deleted_1_status_1_id_1', covered: true, size: 90 });
  });

  it('sorts by updated_at in either direction from store + deleted + updated_at', () => {
    for (const direction of [1, -1] as const) {
      const plan = choosePlan(catalogIndexes(), { store_id: 8, deleted: false }, page({ updated_at: direction }));
      expect(summary(plan)).toMatchObject({ index: 'store_id_1_deleted_1_updated_at_1', walk: direction, covered: true, size: 45 });
    }
  });

  it('ranges over Dates and over ISO strings alike', () => {
    const docs = catalogDocs().map((doc) => ({ ...doc, updated_at: (doc.updated_at as Date).toISOString() }));
    const since = new Date(Date.UTC(2024, 0, 1, 0, 0, 200));

    const byDate = choosePlan(catalogIndexes(), { store_id: 7, deleted: false, updated_at: { $gte: since } }, page({ updated_at: -1 }));
    const byString = choosePlan(catalogIndexes(docs), { store_id: 7, deleted: false, updated_at: { $gte: since.toISOString() } }, page({ updated_at: -1 }));

    // Seconds 200..300 of store 7, minus the 11 deleted.
    expect(summary(byDate)).toMatchObject({ index: 'store_id_1_deleted_1_updated_at_1', covered: true, size: 90 });
    expect(summary(byString)).toEqual(summary(byDate));
  });

  it('ignores sort keys pinned by equality, and takes a sort that only reverses the index', () => {
    const plan = choosePlan(catalogIndexes(), { store_id: 7, deleted: false }, page({ store_id: -1, deleted: 1, id: -1 }));

    expect(summary(plan)).toMatchObject({ index: 'store_id_1_deleted_1_id_1', walk: -1 });
  });

  it('leaves filter conditions the index cannot express to a per-document match, so the plan is not covered', () => {
    const extraField = choosePlan(catalogIndexes(), { store_id: 7, deleted: false, title: 'Mug' }, COUNT);
    const notEqual = choosePlan(catalogIndexes(), { store_id: 7, deleted: false, id: { $gt: 5, $ne: 9 } }, COUNT);
    const or = choosePlan(catalogIndexes(), { store_id: 7, $or: [{ deleted: true }, { id: 3 }] }, COUNT);

    expect(summary(extraField)).toMatchObject({ covered: false, size: 270 });
    expect(summary(notEqual)).toMatchObject({ index: 'store_id_1_deleted_1_id_1', covered: false, size: 265 });
    expect(summary(or)).toMatchObject({ covered: false, size: 300 });
  });

  it('narrows candidates but sorts in memory when the sort does not follow the index', () => {
    const mixedDirections = choosePlan([indexOver({ store_id: 1, status: 1, id: 1 }, catalogDocs())], { store_id: 8 }, page({ status: 1, id: -1 }));
    const skipsAField = choosePlan(catalogIndexes(), { store_id: 8, deleted: false, status: 'draft' }, page({ updated_at: 1 }));

    expect(summary(mixedDirections)).toMatchObject({ walk: undefined, size: 50 });
    expect(summary(skipsAField)).toMatchObject({ index: 'store_id_1_deleted_1_status_1_id_1', walk: undefined, covered: true });
  });

  it('walks a descending index field backwards for an ascending sort', () => {
    const index = indexOver({ store_id: 1, id: -1 }, catalogDocs());

    expect(summary(choosePlan([index], { store_id: 8, id: { $lte: 310 } }, page({ id: 1 })))).toMatchObject({ walk: -1, covered: true, size: 10 });
    expect(summary(choosePlan([index], { store_id: 8 }, page({ id: -1 })))).toMatchObject({ walk: 1, size: 50 });
  });

  it('adds the stored nulls to an upper-bounded Date range, as NeDB matches them', () => {
    const docs = [...catalogDocs(), { _id: 'n1', id: 400, store_id: 8, deleted: false, updated_at: null }];

    const plan = choosePlan(catalogIndexes(docs), { store_id: 8, deleted: false, updated_at: { $lt: new Date(Date.UTC(2030, 0, 1)) } }, COUNT);

    expect(summary(plan)).toMatchObject({ covered: true, size: 46, intervals: 2 });
  });

  it.each<[string, Filter]>([
    ['no condition on a leading field', { deleted: false, status: 'active' }],
    ['$in', { store_id: { $in: [7, 8] } }],
    ['$ne', { store_id: { $ne: 7 } }],
    ['a range over booleans', { store_id: { $gt: false } }],
    ['a range mixing numbers and strings', { store_id: { $gt: 1, $lt: 'z' } }],
    ['an object value', { store_id: { a: 1 } }],
  ])('uses no index for %s', (_case, filter) => {
    expect(choosePlan(catalogIndexes(), filter, page())).toBeUndefined();
  });

  it('stops using an index while a document holds an array in one of its fields, and resumes once it is gone', () => {
    const docs = catalogDocs();
    const withArray: StoredDoc = { _id: 'arr', id: 500, store_id: 7, deleted: false, status: ['active', 'draft'] };
    const [byId, byStatus] = catalogIndexes(docs);
    byStatus.add(withArray);
    byId.add(withArray);

    expect(summary(choosePlan([byId, byStatus], { store_id: 7, deleted: false, status: 'active' }, COUNT))).toMatchObject({ index: byId.name, covered: false });

    byStatus.remove(withArray);
    expect(summary(choosePlan([byId, byStatus], { store_id: 7, deleted: false, status: 'active' }, COUNT))).toMatchObject({ index: byStatus.name, covered: true });
  });

  it('prefers the index that reads fewer documents for a page', () => {
    const plan = choosePlan(catalogIndexes(), { store_id: 7, deleted: false, status: 'active' }, page({ id: 1 }, 40));

    expect(summary(plan)).toMatchObject({ index: 'store_id_1_deleted_1_status_1_id_1', walk: 1, covered: true });
  });
});
