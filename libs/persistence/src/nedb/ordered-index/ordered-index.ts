import { getDotValue } from '@seald-io/nedb/lib/model.js';
import { ChunkedSortedList } from './chunked-sorted-list';
import { compareKeyValues, compareToBoundValue, isOrderableKeyValue, type IndexBound } from './key-order';

/** A document as NeDB holds it in memory; never handed out without a copy. */
export type StoredDoc = Record<string, unknown> & { _id: string };

interface IndexEntry {
  key: unknown[];
  doc: StoredDoc;
}

/**
 * One compound index in declared field order and directions: (key values, _id) entries kept sorted,
 * with ranks, so a query can seek a range, walk it in either direction, and count it without
 * reading documents. Entries hold NeDB's own document objects, which NeDB replaces rather than
 * mutates on update, and which it reports to the index on every change (see nedb-index-hooks).
 */
export class OrderedIndex {
  readonly fields: string[];
  readonly directions: (1 | -1)[];
  private readonly entries: ChunkedSortedList<IndexEntry>;
  /** _ids of documents whose key NeDB would not match in key order (e.g. an array); see `usable`. */
  private readonly unorderable = new Set<string>();

  constructor(
    readonly name: string,
    keys: Record<string, 1 | -1>,
    maxChunkSize?: number,
  ) {
    this.fields = Object.keys(keys);
    this.directions = this.fields.map((field) => (keys[field] === -1 ? -1 : 1));
    this.entries = new ChunkedSortedList((a, b) => this.compareEntries(a, b), maxChunkSize);
  }

  /** False while any document holds an array, object, NaN or invalid Date in a key field: answers could differ from NeDB's, so queries fall back to it. */
  get usable(): boolean {
    return this.unorderable.size === 0;
  }

  add(doc: StoredDoc): void {
    const key = this.keyOf(doc);
    if (key.every(isOrderableKeyValue)) this.entries.insert({ key, doc });
    else this.unorderable.add(doc._id);
  }

  remove(doc: StoredDoc): void {
    const key = this.keyOf(doc);
    if (key.every(isOrderableKeyValue)) this.entries.delete({ key, doc });
    else this.unorderable.delete(doc._id);
  }

  reset(docs: readonly StoredDoc[]): void {
    this.unorderable.clear();
    const entries: IndexEntry[] = [];
    for (const doc of docs) {
      const key = this.keyOf(doc);
      if (key.every(isOrderableKeyValue)) entries.push({ key, doc });
      else this.unorderable.add(doc._id);
    }
    this.entries.reset(entries);
  }

  /** How many entries sort before the cut. */
  rank(bound: IndexBound): number {
    return this.entries.rank((entry) => this.compareToBound(entry.key, bound) < 0);
  }

  /** Visits the documents at ranks [from, to) in index order (1) or reverse (-1) until `visit` returns false. */
  forEachInRange(from: number, to: number, direction: 1 | -1, visit: (doc: StoredDoc) => boolean): void {
    this.entries.forEachInRange(from, to, direction, (entry) => visit(entry.doc));
  }

  private keyOf(doc: StoredDoc): unknown[] {
    return this.fields.map((field) => getDotValue(doc, field));
  }

  private compareEntries(a: IndexEntry, b: IndexEntry): number {
    for (let i = 0; i < this.fields.length; i += 1) {
      const order = this.directions[i] * compareKeyValues(a.key[i], b.key[i]);
      if (order !== 0) return order;
    }
    // Equal keys: _id makes every entry distinct, so a document's entry can be found again to delete it.
    if (a.doc._id === b.doc._id) return 0;
    return a.doc._id < b.doc._id ? -1 : 1;
  }

  private compareToBound(key: unknown[], bound: IndexBound): number {
    for (let i = 0; i < bound.prefix.length; i += 1) {
      const order = this.directions[i] * compareToBoundValue(key[i], bound.prefix[i]);
      if (order !== 0) return order;
    }
    return bound.side === 'after' ? -1 : 1;
  }
}
