import { compareThings } from '@seald-io/nedb/lib/model.js';

/**
 * The ordered indexes compare key values exactly as NeDB's sort does (`compareThings`), whose type
 * order is undefined < null < numbers < strings < booleans < Dates < arrays < objects.
 */
const TYPE_RANK = { undefined: 0, null: 1, number: 2, string: 3, boolean: 4, date: 5, array: 6, object: 7 } as const;

/** Where a bound sits inside one key position: at a value, or at the start / end of one type's block. */
export type BoundValue = { kind: 'value'; value: unknown } | { kind: 'startOfType' | 'endOfType'; typeRank: number };

/**
 * A cut through an index: it sits just before or just after every entry whose leading key values
 * equal `prefix`. Cuts are expressed in index order (a descending field already accounted for).
 */
export interface IndexBound {
  prefix: BoundValue[];
  side: 'before' | 'after';
}

export function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}

export function typeRankOf(value: unknown): number {
  if (value === undefined) return TYPE_RANK.undefined;
  if (value === null) return TYPE_RANK.null;
  if (typeof value === 'number') return TYPE_RANK.number;
  if (typeof value === 'string') return TYPE_RANK.string;
  if (typeof value === 'boolean') return TYPE_RANK.boolean;
  if (isDate(value)) return TYPE_RANK.date;
  return Array.isArray(value) ? TYPE_RANK.array : TYPE_RANK.object;
}

/**
 * Whether NeDB matches this stored value the way its sort orders it. Not so for arrays (matched
 * element by element, like a MongoDB multikey index), objects (equality ignores key order), NaN and
 * invalid Dates (they compare equal to every number / Date).
 */
export function isOrderableKeyValue(value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return !Number.isNaN(value);
  return isDate(value) && !Number.isNaN(value.getTime());
}

/** A filter value an index can seek to: exactly the stored values NeDB's equality matches compare equal to it. */
export function isSeekableValue(value: unknown): boolean {
  return value !== undefined && value !== null && isOrderableKeyValue(value);
}

export function compareKeyValues(a: unknown, b: unknown): number {
  return compareThings(a, b);
}

export function compareToBoundValue(value: unknown, bound: BoundValue): number {
  if (bound.kind === 'value') return compareThings(value, bound.value);
  const rank = typeRankOf(value);
  if (bound.kind === 'startOfType') return rank < bound.typeRank ? -1 : 1;
  return rank <= bound.typeRank ? -1 : 1;
}
