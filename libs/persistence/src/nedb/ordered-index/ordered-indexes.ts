import type { Filter, FindOptions } from '../../collection.port';
import { followDocumentChanges, type DocumentChangeListener } from './nedb-index-hooks';
import { OrderedIndex, type StoredDoc } from './ordered-index';
import { runCount, runFind, type FindRequest, type PlanRun } from './plan-runner';
import { choosePlan, type IndexPlan } from './query-planner';

/** A read answered from an ordered index: the plan it ran and the documents it read. */
export interface IndexedRead<R> extends PlanRun<R> {
  plan: IndexPlan;
}

/**
 * The ordered indexes of one NeDB collection, kept in step with every change NeDB makes in memory.
 * `find`/`count` answer from the cheapest usable index, or return undefined for NeDB to answer.
 */
export class OrderedIndexes implements DocumentChangeListener {
  private readonly byKeys = new Map<string, OrderedIndex>();

  constructor(
    private readonly store: { getAllData(): unknown[] },
    private readonly maxChunkSize?: number,
  ) {
    followDocumentChanges(store, this);
  }

  /** Declares an index (again: no-op) and builds it from the documents already there. */
  ensure(name: string, keys: Record<string, 1 | -1>): void {
    const signature = JSON.stringify(Object.entries(keys));
    if (this.byKeys.has(signature)) return;
    const index = new OrderedIndex(name, keys, this.maxChunkSize);
    index.reset(this.store.getAllData() as StoredDoc[]);
    this.byKeys.set(signature, index);
  }

  find(filter: Filter, options: FindOptions): IndexedRead<StoredDoc[]> | undefined {
    const request = findRequestOf(options);
    if (!request) return undefined;
    const plan = choosePlan(this.byKeys.values(), filter, { kind: 'find', ...request });
    return plan && { plan, ...runFind(plan, filter, request) };
  }

  count(filter: Filter): IndexedRead<number> | undefined {
    const plan = choosePlan(this.byKeys.values(), filter, { kind: 'count' });
    return plan && { plan, ...runCount(plan, filter) };
  }

  added(doc: StoredDoc): void {
    for (const index of this.byKeys.values()) index.add(doc);
  }

  removed(doc: StoredDoc): void {
    for (const index of this.byKeys.values()) index.remove(doc);
  }

  reset(docs: StoredDoc[]): void {
    for (const index of this.byKeys.values()) index.reset(docs);
  }
}

/** Options NeDB reads in a way the plan runner does not copy (negative or fractional numbers) stay with NeDB. */
function findRequestOf(options: FindOptions): FindRequest | undefined {
  const skip = options.skip ?? 0;
  const limit = options.limit ?? 0;
  if (!Number.isInteger(skip) || skip < 0 || !Number.isInteger(limit) || limit < 0) return undefined;
  return { sort: options.sort, skip, limit };
}
