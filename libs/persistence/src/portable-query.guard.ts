import type { Filter, SumOptions, Update } from './collection.port';

// The operators SQLite and MongoDB evaluate alike (proved by the contract suites); anything else would
// pass tests on the embedded engine and behave differently in production, so it is refused on every engine.
const FIELD_OPERATORS = new Set(['$in', '$nin', '$ne', '$gt', '$gte', '$lt', '$lte', '$exists', '$contains']);
const UPDATE_OPERATORS = new Set(['$set', '$unset', '$inc', '$push', '$pull', '$addToSet']);

/** Collection names become SQLite table names (`c_<name>`) and MongoDB collection names: one safe alphabet for both. */
const COLLECTION_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;

export function assertPortableCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) throw new TypeError(`Invalid collection name: ${JSON.stringify(name)}`);
}

/** Fields a projection may name: top-level names, which both engines read alike. */
export function assertPortableFieldNames(fields: readonly string[]): void {
  if (fields.length === 0) throw refuse('findFields needs at least one field');
  for (const field of fields)
    if (!/^[A-Za-z0-9_-]+$/.test(field)) throw refuse(`findFields takes top-level field names, not ${JSON.stringify(field)}`);
}

export function assertPortableFilter(filter: Filter): void {
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(condition) || condition.length === 0) throw refuse(`${key} needs a non-empty array of filters`);
      for (const branch of condition) assertPortableFilter(branch as Filter);
    } else if (key.startsWith('$')) throw refuse(`${key} is not a supported filter operator`);
    else assertPortableCondition(key, condition);
  }
}

/** Most boundaries `sumGroups` splits by: a year of days and then some. */
export const MAX_SUM_BOUNDARIES = 1_000;

const FIELD_PATH = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/** `sumGroups` options both engines compute alike: plain dot paths, a top-level unwound field, ordered boundaries of one type. */
export function assertPortableSums(options: SumOptions): void {
  const fields = [...options.sum, ...(options.groupBy ?? []), ...(options.ranges ? [options.ranges.field] : [])];
  for (const field of fields)
    if (!FIELD_PATH.test(field)) throw refuse(`sumGroups takes dot paths of plain names, not ${JSON.stringify(field)}`);
  if (options.unwind) {
    if (!/^[A-Za-z0-9_-]+$/.test(options.unwind.field))
      throw refuse(`sumGroups unwinds a top-level field, not ${JSON.stringify(options.unwind.field)}`);
    if (options.unwind.match) assertPortableFilter(options.unwind.match);
  }
  if (options.ranges) assertBoundaries(options.ranges.boundaries);
}

function assertBoundaries(boundaries: readonly unknown[]): void {
  if (boundaries.length < 2 || boundaries.length > MAX_SUM_BOUNDARIES)
    throw refuse(`ranges need 2 to ${MAX_SUM_BOUNDARIES} boundaries, not ${boundaries.length}`);
  const allDates = boundaries.every((value) => value instanceof Date && Number.isFinite(value.getTime()));
  const allNumbers = boundaries.every((value) => typeof value === 'number' && Number.isFinite(value));
  if (!allDates && !allNumbers) throw refuse('range boundaries are all finite numbers or all valid Dates');
  const values = boundaries.map(Number);
  for (let i = 1; i < values.length; i++) if (!(values[i - 1] < values[i])) throw refuse('range boundaries must be strictly ascending');
}

export function assertPortableUpdate(update: Update): void {
  const operators = Object.keys(update);
  if (operators.length === 0) throw refuse('an update needs at least one operator');
  for (const operator of operators) {
    if (!operator.startsWith('$')) throw refuse(`updates take operators only ($set, $inc, ...), not replacement fields like ${operator}`);
    if (!UPDATE_OPERATORS.has(operator)) throw refuse(`${operator} is not a supported update operator`);
  }
}

function assertPortableCondition(field: string, condition: unknown): void {
  // MongoDB's null also matches missing fields; the port leaves null out rather than copy that on SQLite.
  if (condition === null) throw refuse(`${field}: null matches differently per engine; use { $exists: false } or store an explicit value`);
  if (condition instanceof RegExp) throw refuse(`${field}: regular expressions are not part of the port`);
  if (!isPlainObject(condition)) return;
  const operators = Object.keys(condition).filter((key) => key.startsWith('$'));
  if (operators.length === 0) return;
  if (operators.length !== Object.keys(condition).length) throw refuse(`${field}: operators and plain fields cannot be mixed`);
  for (const operator of operators) {
    const operand = condition[operator];
    if (!FIELD_OPERATORS.has(operator)) throw refuse(`${field}: ${operator} is not a supported filter operator`);
    if ((operator === '$in' || operator === '$nin') && !Array.isArray(operand)) throw refuse(`${field}: ${operator} needs an array`);
    if (operator === '$exists' && typeof operand !== 'boolean') throw refuse(`${field}: $exists needs true or false`);
    // MongoDB refuses a NUL inside a regular expression, which is how it runs $contains.
    if (operator === '$contains' && (typeof operand !== 'string' || operand.includes('\u0000')))
      throw refuse(`${field}: $contains needs a string without NUL characters`);
    if (operand === null || (Array.isArray(operand) && operand.includes(null))) {
      throw refuse(`${field}: null in ${operator} matches differently per engine; use $exists`);
    }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof RegExp);
}

function refuse(reason: string): TypeError {
  return new TypeError(`Not portable across persistence engines: ${reason}`);
}
