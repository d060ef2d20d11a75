import { compareThings, getDotValue, match } from '@seald-io/nedb/lib/model.js';
import type { Filter } from '../../collection.port';
import type { StoredDoc } from './ordered-index';
import { planSize, type IndexPlan } from './query-planner';

export interface FindRequest {
  sort?: Record<string, number>;
  skip: number;
  /** 0: no limit, as on NeDB and MongoDB. */
  limit: number;
}

/** `examined`: documents read and matched against the filter (what a page must keep small). */
export interface PlanRun<R> {
  result: R;
  examined: number;
}

/**
 * Runs a plan as NeDB would answer the query: candidates from the index intervals, NeDB's `match`
 * on each, then its sort, skip and limit. Returns NeDB's own documents; the caller copies them.
 */
export function runFind(plan: IndexPlan, filter: Filter, request: FindRequest): PlanRun<StoredDoc[]> {
  if (plan.walk === undefined) return sortInMemory(plan, filter, request);
  const walk = plan.walk;
  const docs: StoredDoc[] = [];
  let examined = 0;
  let toSkip = request.skip;
  for (const interval of walk === 1 ? plan.intervals : [...plan.intervals].reverse()) {
    let { from, to } = interval;
    if (from >= to) continue;
    if (plan.covered && toSkip > 0) {
      // Every entry matches: jump over the skipped ones by rank instead of reading them.
      const jump = Math.min(toSkip, to - from);
      toSkip -= jump;
      if (walk === 1) from += jump;
      else to -= jump;
    }
    let full = false;
    plan.index.forEachInRange(from, to, walk, (doc) => {
      examined += 1;
      if (!match(doc, filter)) return true;
      if (toSkip > 0) {
        toSkip -= 1;
        return true;
      }
      docs.push(doc);
      full = request.limit > 0 && docs.length >= request.limit;
      return !full;
    });
    if (full) break;
  }
  return { result: docs, examined };
}

export function runCount(plan: IndexPlan, filter: Filter): PlanRun<number> {
  if (plan.covered) return { result: planSize(plan), examined: 0 };
  let count = 0;
  let examined = 0;
  forEachCandidate(plan, (doc) => {
    examined += 1;
    if (match(doc, filter)) count += 1;
  });
  return { result: count, examined };
}

/** The index narrows the candidates but not their order: collect the matches, then sort, skip and limit like NeDB's cursor. */
function sortInMemory(plan: IndexPlan, filter: Filter, request: FindRequest): PlanRun<StoredDoc[]> {
  const matches: StoredDoc[] = [];
  let examined = 0;
  forEachCandidate(plan, (doc) => {
    examined += 1;
    if (match(doc, filter)) matches.push(doc);
  });
  const criteria = Object.entries(request.sort ?? {});
  matches.sort((a, b) => {
    for (const [field, direction] of criteria) {
      const order = direction * compareThings(getDotValue(a, field), getDotValue(b, field));
      if (order !== 0) return order;
    }
    return 0;
  });
  const end = request.limit > 0 ? request.skip + request.limit : undefined;
  return { result: matches.slice(request.skip, end), examined };
}

function forEachCandidate(plan: IndexPlan, visit: (doc: StoredDoc) => void): void {
  for (const { from, to } of plan.intervals) {
    plan.index.forEachInRange(from, to, 1, (doc) => {
      visit(doc);
      return true;
    });
  }
}
