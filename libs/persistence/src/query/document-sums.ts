import type { Doc, SumGroup, SumOptions } from '../collection.port';
import { matchesFilter } from './document-match';
import { compareValues, isPlainObject, typeRank } from './document-values';
import { isInRange } from './range-search';

// `sumGroups` (collection.port.ts) over documents in memory, with MongoDB's $unwind and $group semantics for the port's
// subset: what SQLite answers when SQL alone cannot decide the filter, and the answer its SQL must agree with.

/** The value at a dot path through subdocuments; undefined when missing, or when the path goes on through an array. */
export function plainValueAt(doc: unknown, segments: readonly string[]): unknown {
  let value = doc;
  for (const segment of segments) {
    if (!isPlainObject(value) || !Object.hasOwn(value, segment)) return undefined;
    value = value[segment];
  }
  return value;
}

/** The documents $unwind makes of one: the field replaced by each element (a value that is not an array is one). */
export function unwound(doc: Doc, field: string): Doc[] {
  const value = doc[field];
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((element: unknown) => ({ ...doc, [field]: element }));
}

/** The index of the range [b[i], b[i + 1]) holding the value; -1 (outside) for a value of another type. */
export function rangeIndexOf(value: unknown, boundaries: readonly unknown[]): number {
  if (value === undefined || typeRank(value) !== typeRank(boundaries[0])) return -1;
  let low = 0;
  let high = boundaries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareValues(value, boundaries[middle]) < 0) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

/** A group's identity: its key values with their types (a Date is not the number of its milliseconds). */
const groupId = (values: unknown[], range: number | undefined): string =>
  JSON.stringify([range ?? null, ...values.map((value) => (value instanceof Date ? ['date', value.getTime()] : ['value', value]))]);

export function sumDocuments(docs: Iterable<Doc>, options: SumOptions): SumGroup[] {
  const groupBy = options.groupBy ?? [];
  const paths = (fields: readonly string[]) => fields.map((field) => field.split('.'));
  const [groupPaths, sumPaths] = [paths(groupBy), paths(options.sum)];
  const rangePath = options.ranges?.field.split('.');
  const groups = new Map<string, SumGroup>();
  for (const doc of docs) {
    const items = options.unwind ? unwound(doc, options.unwind.field) : [doc];
    for (const item of items) {
      if (options.unwind?.match && !matchesFilter(item, options.unwind.match)) continue;
      let range: number | undefined;
      if (options.ranges && rangePath) {
        range = rangeIndexOf(plainValueAt(item, rangePath), options.ranges.boundaries);
        if (!isInRange(range, options.ranges.boundaries.length)) continue;
      }
      const values = groupPaths.map((path) => plainValueAt(item, path) ?? null);
      const id = groupId(values, range);
      let group = groups.get(id);
      if (!group) {
        group = {
          key: Object.fromEntries(groupBy.map((field, i) => [field, values[i]])),
          ...(range === undefined ? {} : { range }),
          count: 0,
          sums: Object.fromEntries(options.sum.map((field) => [field, 0])),
        };
        groups.set(id, group);
      }
      group.count += 1;
      sumPaths.forEach((path, i) => {
        const value = plainValueAt(item, path);
        if (typeof value === 'number') group.sums[options.sum[i]] += value;
      });
    }
  }
  return [...groups.values()];
}
