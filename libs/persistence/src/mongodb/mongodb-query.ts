import type { Document } from 'mongodb';
import type { Filter, SumOptions } from '../collection.port';
import { isPlainObject } from '../query/document-values';
import { rangeSearch } from '../query/range-search';
import { containsPattern } from '../query/text-contains';

/**
 * The port's queries in MongoDB's words: `$contains` as a regular expression of literal characters (query/text-contains.ts),
 * and `sumGroups` as an aggregation pipeline. Filters without `$contains` go to the driver as they are.
 */
export function mongoFilter(filter: Filter): Filter {
  let copy: Filter | undefined;
  for (const [key, condition] of Object.entries(filter)) {
    const translated =
      key === '$or' || key === '$and'
        ? translateBranches(condition as Filter[])
        : isPlainObject(condition)
          ? translateCondition(condition)
          : condition;
    if (translated !== condition) (copy ??= { ...filter })[key] = translated;
  }
  return copy ?? filter;
}

function translateBranches(branches: Filter[]): Filter[] {
  const translated = branches.map(mongoFilter);
  return translated.some((branch, i) => branch !== branches[i]) ? translated : branches;
}

function translateCondition(condition: Record<string, unknown>): Record<string, unknown> {
  if (!('$contains' in condition)) return condition;
  const { $contains: text, ...rest } = condition;
  return { ...rest, $regex: containsPattern(text as string) };
}

/**
 * `$match` on the filter; `$unwind` and `$match` on the elements; one `$group` whose `_id` holds the group values
 * (`$ifNull` makes a missing one null, as it is on SQLite) and the range (a binary search of `$cond`s; -1 for a value of
 * another type than the boundaries). Counts with `$sum: 1`; `$sum` of a field ignores what is not a number.
 */
export function sumsPipeline(filter: Filter, options: SumOptions): Document[] {
  const id: Record<string, unknown> = {};
  (options.groupBy ?? []).forEach((field, i) => (id[`g${i}`] = { $ifNull: [`$${field}`, null] }));
  if (options.ranges) id.range = rangeExpression(`$${options.ranges.field}`, options.ranges.boundaries);
  const group: Record<string, unknown> = { _id: id, count: { $sum: 1 } };
  options.sum.forEach((field, i) => (group[`s${i}`] = { $sum: `$${field}` }));
  const unwind = options.unwind;
  return [
    { $match: mongoFilter(filter) },
    ...(unwind ? [{ $unwind: `$${unwind.field}` }, ...(unwind.match ? [{ $match: mongoFilter(unwind.match) }] : [])] : []),
    { $group: group },
  ];
}

function rangeExpression(value: string, boundaries: readonly number[] | readonly Date[]): unknown {
  const typed = boundaries[0] instanceof Date ? { $eq: [{ $type: value }, 'date'] } : { $isNumber: value };
  const search = rangeSearch<unknown>(
    boundaries.length,
    (index) => index,
    (boundary, then, otherwise) => ({ $cond: [{ $lt: [value, boundaries[boundary]] }, then, otherwise] }),
  );
  return { $cond: [typed, search, -1] };
}
