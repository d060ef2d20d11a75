import type { Filter, Update } from '../collection.port';
import { isOperatorObject, matchesCondition, matchesFilter } from './document-match';
import { deepClone, isArrayIndex, isPlainObject, valuesEqual, type PlainObject } from './document-values';

/**
 * Applies port update operators ($set, $unset, $inc, $push, $pull, $addToSet) to a copy of `doc`, as
 * MongoDB applies them. Throws a TypeError for an update MongoDB would refuse (e.g. $inc on a string).
 */
export function applyUpdate<T extends PlainObject>(doc: T, update: Update): T {
  const next = deepClone(doc);
  for (const [operator, fields] of Object.entries(update)) {
    for (const [path, operand] of Object.entries(fields as PlainObject)) applyOperator(next, operator, path.split('.'), operand);
  }
  return next;
}

/**
 * The document an upsert inserts: the filter's equality fields (operator conditions and `$or` are not
 * copied, as on MongoDB), then the update applied to it.
 */
export function upsertDocument(filter: Filter, update: Update): PlainObject {
  const seed: PlainObject = {};
  const equalities = (part: Filter) => {
    for (const [key, condition] of Object.entries(part)) {
      if (key === '$and') for (const branch of condition as Filter[]) equalities(branch);
      else if (!key.startsWith('$') && !isOperatorObject(condition)) setAt(seed, key.split('.'), deepClone(condition));
    }
  };
  equalities(filter);
  return applyUpdate(seed, update);
}

function applyOperator(doc: PlainObject, operator: string, path: string[], operand: unknown): void {
  switch (operator) {
    case '$set':
      setAt(doc, path, deepClone(operand));
      return;
    case '$unset':
      unsetAt(doc, path);
      return;
    case '$inc':
      return increment(doc, path, operand);
    case '$push':
      arrayAt(doc, path).push(...eachOf(operand).map(deepClone));
      return;
    case '$addToSet': {
      const array = arrayAt(doc, path);
      for (const value of eachOf(operand)) if (!array.some((element) => valuesEqual(element, value))) array.push(deepClone(value));
      return;
    }
    case '$pull':
      return pull(doc, path, operand);
    default:
      throw new TypeError(`Unsupported update operator ${operator}`);
  }
}

function increment(doc: PlainObject, path: string[], operand: unknown): void {
  if (typeof operand !== 'number') throw new TypeError(`$inc needs a number for ${path.join('.')}`);
  const current = getAt(doc, path);
  if (current !== undefined && typeof current !== 'number') throw new TypeError(`$inc cannot add to the non-number ${path.join('.')}`);
  setAt(doc, path, (current ?? 0) + operand);
}

function pull(doc: PlainObject, path: string[], condition: unknown): void {
  const array = getAt(doc, path);
  if (array === undefined) return;
  if (!Array.isArray(array)) throw new TypeError(`$pull needs an array at ${path.join('.')}`);
  const remove = pullPredicate(condition);
  const kept = array.filter((element) => !remove(element));
  if (kept.length !== array.length) setAt(doc, path, kept);
}

/** `{ id: 'a' }` matches subdocuments by their fields; `{ $in: [...] }` tests the element itself; anything else is equality. */
function pullPredicate(condition: unknown): (element: unknown) => boolean {
  if (isOperatorObject(condition)) return (element) => matchesCondition([element], condition);
  if (isPlainObject(condition)) return (element) => isPlainObject(element) && matchesFilter(element, condition);
  return (element) => valuesEqual(element, condition);
}

function eachOf(operand: unknown): unknown[] {
  if (isPlainObject(operand) && Object.keys(operand).length === 1 && Array.isArray(operand.$each)) return operand.$each;
  return [operand];
}

function arrayAt(doc: PlainObject, path: string[]): unknown[] {
  const existing = getAt(doc, path);
  if (existing === undefined) {
    const created: unknown[] = [];
    setAt(doc, path, created);
    return created;
  }
  if (!Array.isArray(existing)) throw new TypeError(`${path.join('.')} is not an array`);
  return existing;
}

function getAt(doc: PlainObject, path: string[]): unknown {
  let current: unknown = doc;
  for (const segment of path) {
    if (Array.isArray(current) && isArrayIndex(segment)) current = current[Number(segment)];
    else if (isPlainObject(current)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** Sets a value by dot path, creating missing subdocuments; numeric segments address array elements. */
function setAt(doc: PlainObject, path: string[], value: unknown): void {
  let current: PlainObject | unknown[] = doc;
  for (const [i, segment] of path.entries()) {
    const last = i === path.length - 1;
    if (Array.isArray(current)) {
      if (!isArrayIndex(segment)) throw new TypeError(`cannot set ${path.join('.')}: ${segment} is not a position in an array`);
      const index = Number(segment);
      while (current.length < index) current.push(null);
      if (last) current[index] = value;
      else current = containerAt(current, index, path);
      continue;
    }
    if (last) current[segment] = value;
    else current = containerAt(current, segment, path);
  }
}

function containerAt(parent: PlainObject | unknown[], key: string | number, path: string[]): PlainObject | unknown[] {
  const existing = (parent as Record<string | number, unknown>)[key];
  if (existing === undefined || existing === null) {
    const created: PlainObject = {};
    (parent as Record<string | number, unknown>)[key] = created;
    return created;
  }
  if (isPlainObject(existing) || Array.isArray(existing)) return existing;
  throw new TypeError(`cannot set ${path.join('.')}: a non-object value is in the way`);
}

function unsetAt(doc: PlainObject, path: string[]): void {
  const parent = getAt(doc, path.slice(0, -1));
  const last = path[path.length - 1];
  if (isPlainObject(parent)) delete parent[last];
  else if (Array.isArray(parent) && isArrayIndex(last) && Number(last) < parent.length) parent[Number(last)] = null;
}
