// MongoDB's value semantics for the port's subset: how a dot path resolves, how values compare and order.
// The SQLite engine answers what SQL can serve exactly and hands the rest (array paths, whole-document
// equality) to these functions, so every engine answers the same way (proved by the contract suite).

export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);
}

/**
 * Every value a dot path reaches, as MongoDB resolves it: through subdocuments, into each element of an
 * array of subdocuments (`lines.sku`), and by position (`outbox.0`). An empty list means "missing".
 */
export function valuesAt(value: unknown, segments: readonly string[], from = 0): unknown[] {
  if (from === segments.length) return [value];
  const segment = segments[from];
  if (Array.isArray(value)) {
    const found: unknown[] = [];
    if (isArrayIndex(segment) && Number(segment) < value.length) found.push(...valuesAt(value[Number(segment)], segments, from + 1));
    for (const element of value) if (isPlainObject(element)) found.push(...valuesAt(element, segments, from));
    return found;
  }
  if (!isPlainObject(value) || !Object.hasOwn(value, segment)) return [];
  return valuesAt(value[segment], segments, from + 1);
}

export function isArrayIndex(segment: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(segment);
}

/** The sort key of an empty array, which MongoDB sorts before null and missing. */
const EMPTY_ARRAY_SORT_KEY = Symbol('empty array');

/** MongoDB's order of types: missing and null, numbers, strings, objects, arrays, booleans, Dates. */
export function typeRank(value: unknown): number {
  if (value === EMPTY_ARRAY_SORT_KEY) return 0;
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (typeof value === 'boolean') return 8;
  if (value instanceof Date) return 9;
  if (Array.isArray(value)) return 5;
  return 4;
}

/** Total order over stored values, as MongoDB sorts them (strings by code unit, objects field by field). */
export function compareValues(a: unknown, b: unknown): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA - rankB;
  switch (rankA) {
    case 0:
    case 1:
      return 0;
    case 2:
      return (a as number) - (b as number);
    case 3:
      return compareStrings(a as string, b as string);
    case 8:
      return Number(a) - Number(b);
    case 9:
      return (a as Date).getTime() - (b as Date).getTime();
    case 5:
      return compareArrays(a as unknown[], b as unknown[]);
    default:
      return compareObjects(a as PlainObject, b as PlainObject);
  }
}

/** Byte order of UTF-8, which is how MongoDB and SQLite (BINARY) compare strings. */
function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function compareArrays(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

function compareObjects(a: PlainObject, b: PlainObject): number {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  for (let i = 0; i < Math.min(keysA.length, keysB.length); i += 1) {
    const order = compareStrings(keysA[i], keysB[i]) || compareValues(a[keysA[i]], b[keysB[i]]);
    if (order !== 0) return order;
  }
  return keysA.length - keysB.length;
}

/** Equality as MongoDB tests it: deep, Dates by instant, object fields in order. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const rank = typeRank(a);
  if (rank !== typeRank(b)) return false;
  if (rank === 1) return true;
  return (rank === 4 || rank === 5 || rank === 9) && compareValues(a, b) === 0;
}

/** The value a sort key takes for one document: the smallest element of an array ascending, the largest descending. */
export function sortValue(doc: unknown, segments: readonly string[], direction: 1 | -1): unknown {
  const candidates = valuesAt(doc, segments).flatMap((value) =>
    !Array.isArray(value) ? [value] : value.length > 0 ? value : [EMPTY_ARRAY_SORT_KEY],
  );
  if (candidates.length === 0) return undefined;
  return candidates.reduce((best, value) => (compareValues(value, best) * direction < 0 ? value : best));
}

export function deepClone<T>(value: T): T {
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(deepClone) as T;
  if (isPlainObject(value)) {
    const copy: PlainObject = {};
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) copy[key] = deepClone(inner);
    return copy as T;
  }
  return value;
}
