import { match } from '@seald-io/nedb/lib/model.js';
import type { Filter } from '../../collection.port';
import { compareKeyValues, isSeekableValue, typeRankOf, type BoundValue, type IndexBound } from './key-order';
import type { OrderedIndex } from './ordered-index';

/** A stretch of one index, with its ranks [from, to) taken when the plan was made (plans run at once, with no await in between). */
export interface IndexInterval {
  lower: IndexBound;
  upper: IndexBound;
  from: number;
  to: number;
}

export interface IndexPlan {
  index: OrderedIndex;
  /** Disjoint, in index order. */
  intervals: IndexInterval[];
  /** Walking the intervals in index order (1) or in reverse (-1) yields the requested sort; undefined: sort in memory. */
  walk: 1 | -1 | undefined;
  /** Every entry inside the intervals matches the filter, so counting and skipping need no document. */
  covered: boolean;
}

export type PlanPurpose = { kind: 'count' } | { kind: 'find'; sort?: Record<string, number>; skip: number; limit: number };

const RANGE_OPERATORS = ['$gt', '$gte', '$lt', '$lte'] as const;
type RangeOperator = (typeof RANGE_OPERATORS)[number];
/** NeDB's $gt/$lt compare numbers, strings and Dates only (booleans never match). */
const RANGE_TYPE_RANKS = new Set([typeRankOf(0), typeRankOf(''), typeRankOf(new Date(0))]);

interface RangeCondition {
  lower?: { operator: RangeOperator; value: unknown };
  upper?: { operator: RangeOperator; value: unknown };
  typeRank: number;
  /** The condition holds range operators only, so the bounds say all of it. */
  exact: boolean;
  /** NeDB compares null with a Date as 0 (`null < date`), so `$lt: someDate` matches stored nulls. */
  matchesNull: boolean;
}

/** The cheapest index plan for the query, or undefined when no index helps (the caller then asks NeDB). */
export function choosePlan(indexes: Iterable<OrderedIndex>, filter: Filter, purpose: PlanPurpose): IndexPlan | undefined {
  let best: { plan: IndexPlan; cost: number } | undefined;
  for (const index of indexes) {
    const plan = planFor(index, filter, purpose.kind === 'find' ? purpose.sort : undefined);
    if (!plan) continue;
    const cost = costOf(plan, purpose);
    if (!best || cost < best.cost || (cost === best.cost && plan.covered && !best.plan.covered)) best = { plan, cost };
  }
  return best?.plan;
}

/**
 * Uses `index` when the filter has primitive equality on its leading fields, then optionally a range
 * on the next field and/or a sort on the fields after the equalities. Anything else in the filter is
 * checked on each candidate document with NeDB's own `match`.
 */
export function planFor(index: OrderedIndex, filter: Filter, sort?: Record<string, number>): IndexPlan | undefined {
  if (!index.usable) return undefined;
  // Most indexes of a collection do not apply to a given query: turn them down before building anything.
  const leadingField = index.fields[0];
  if (filter[leadingField] === undefined && !(sort !== undefined && firstKey(sort) === leadingField)) return undefined;
  const equalities: BoundValue[] = [];
  while (equalities.length < index.fields.length && isSeekableValue(filter[index.fields[equalities.length]])) {
    equalities.push({ kind: 'value', value: filter[index.fields[equalities.length]] });
  }
  const prefixLength = equalities.length;
  const rangeField = index.fields[prefixLength];
  const range = rangeField === undefined ? undefined : rangeConditionOf(filter[rangeField]);
  const order = sortOrder(index, prefixLength, sort);
  if (prefixLength === 0 && !range && !order.byIndexFields) return undefined;

  const direction = index.directions[prefixLength];
  const intervals = [range ? rangeInterval(equalities, range, direction) : pointInterval(equalities)];
  if (range?.matchesNull) {
    const nulls = pointInterval([...equalities, { kind: 'value', value: null }]);
    // null sorts before every number, string and Date.
    if (direction === 1) intervals.unshift(nulls);
    else intervals.push(nulls);
  }
  const leading = new Set(index.fields.slice(0, prefixLength));
  const covered = Object.keys(filter).every((field) => leading.has(field) || (field === rangeField && range?.exact === true));
  return {
    index,
    intervals: intervals.map((interval) => ({ ...interval, from: index.rank(interval.lower), to: index.rank(interval.upper) })),
    walk: order.walk,
    covered,
  };
}

function firstKey(record: Record<string, unknown>): string | undefined {
  for (const key in record) return key;
  return undefined;
}

export function planSize(plan: IndexPlan): number {
  return plan.intervals.reduce((total, { from, to }) => total + Math.max(0, to - from), 0);
}

/** Documents the plan will read, at most. */
function costOf(plan: IndexPlan, purpose: PlanPurpose): number {
  const size = planSize(plan);
  if (purpose.kind === 'count') return plan.covered ? 0 : size;
  if (!plan.covered || plan.walk === undefined) return size;
  const remaining = Math.max(0, size - purpose.skip);
  return purpose.limit > 0 ? Math.min(purpose.limit, remaining) : remaining;
}

/**
 * Whether walking the index yields the sort: its keys, minus fields pinned by equality, must be the
 * index fields right after the equalities, all in the index's directions or all reversed.
 */
function sortOrder(index: OrderedIndex, prefixLength: number, sort?: Record<string, number>): { walk: 1 | -1 | undefined; byIndexFields: boolean } {
  const pinned = new Set(index.fields.slice(0, prefixLength));
  const keys = Object.entries(sort ?? {}).filter(([field]) => !pinned.has(field));
  if (keys.length === 0) return { walk: 1, byIndexFields: false };
  let walk: 1 | -1 | undefined;
  for (let i = 0; i < keys.length; i += 1) {
    const [field, direction] = keys[i];
    const position = prefixLength + i;
    if (index.fields[position] !== field || (direction !== 1 && direction !== -1)) return { walk: undefined, byIndexFields: false };
    const step = direction === index.directions[position] ? 1 : -1;
    if (walk !== undefined && step !== walk) return { walk: undefined, byIndexFields: false };
    walk = step;
  }
  return { walk, byIndexFields: true };
}

function rangeConditionOf(condition: unknown): RangeCondition | undefined {
  if (typeRankOf(condition) !== typeRankOf({})) return undefined;
  const operators = condition as Record<string, unknown>;
  const present = RANGE_OPERATORS.filter((operator) => Object.prototype.hasOwnProperty.call(operators, operator));
  if (present.length === 0 || !present.every((operator) => isSeekableValue(operators[operator]))) return undefined;
  const typeRank = typeRankOf(operators[present[0]]);
  // Mixed operand types match nothing on NeDB; leave such a filter to it.
  if (!RANGE_TYPE_RANKS.has(typeRank) || present.some((operator) => typeRankOf(operators[operator]) !== typeRank)) return undefined;
  const operands = present.map((operator) => ({ operator, value: operators[operator] }));
  const rangeOnly = Object.fromEntries(present.map((operator) => [operator, operators[operator]]));
  return {
    lower: tightest(operands.filter(({ operator }) => operator === '$gt' || operator === '$gte'), 1),
    upper: tightest(operands.filter(({ operator }) => operator === '$lt' || operator === '$lte'), -1),
    typeRank,
    exact: present.length === Object.keys(operators).length,
    matchesNull: match({ value: null }, { value: rangeOnly }),
  };
}

/** The strictest of several lower (side 1) or upper (side -1) limits; on a tie the exclusive one. */
function tightest(operands: { operator: RangeOperator; value: unknown }[], side: 1 | -1): RangeCondition['lower'] {
  let best: RangeCondition['lower'];
  for (const operand of operands) {
    if (!best) best = operand;
    else {
      const order = side * compareKeyValues(operand.value, best.value);
      if (order > 0 || (order === 0 && isExclusive(operand.operator))) best = operand;
    }
  }
  return best;
}

function isExclusive(operator: RangeOperator): boolean {
  return operator === '$gt' || operator === '$lt';
}

function pointInterval(prefix: BoundValue[]): Pick<IndexInterval, 'lower' | 'upper'> {
  return { lower: { prefix, side: 'before' }, upper: { prefix, side: 'after' } };
}

/** Builds the cuts in ascending value order, then mirrors them when the index stores the field descending. */
function rangeInterval(equalities: BoundValue[], range: RangeCondition, direction: 1 | -1): Pick<IndexInterval, 'lower' | 'upper'> {
  const lower: IndexBound = range.lower
    ? { prefix: [...equalities, { kind: 'value', value: range.lower.value }], side: range.lower.operator === '$gt' ? 'after' : 'before' }
    : { prefix: [...equalities, { kind: 'startOfType', typeRank: range.typeRank }], side: 'before' };
  const upper: IndexBound = range.upper
    ? { prefix: [...equalities, { kind: 'value', value: range.upper.value }], side: range.upper.operator === '$lt' ? 'before' : 'after' }
    : { prefix: [...equalities, { kind: 'endOfType', typeRank: range.typeRank }], side: 'after' };
  if (direction === 1) return { lower, upper };
  return { lower: flip(upper), upper: flip(lower) };
}

function flip(bound: IndexBound): IndexBound {
  return { prefix: bound.prefix, side: bound.side === 'before' ? 'after' : 'before' };
}
