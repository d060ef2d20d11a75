import { isPlainObject, type PlainObject } from '../query/document-values';

/**
 * Documents are stored as JSON (JSONB inside SQLite). JSON has no Date, so a Date is stored as
 * `{"$date": <ms since epoch>}`, which the key expressions in sql-key.ts order after every other type,
 * as MongoDB does. Field names may not start with `$` or contain `.`, so no document can forge one.
 */
export interface EncodedDocument {
  json: string;
  /** Dot paths (no positions) that hold an array in this document; `a[]` marks an array inside the array at `a`. */
  arrayPaths: Set<string>;
}

export function encodeDocument(doc: PlainObject): EncodedDocument {
  const arrayPaths = new Set<string>();
  const json = JSON.stringify(storable(doc, '', arrayPaths));
  return { json, arrayPaths };
}

/** One field's value as its stored JSON text (for `jsonb_set`), adding the array paths under `path` to `arrayPaths`. */
export function encodeValue(value: unknown, path: string, arrayPaths: Set<string>): string {
  return JSON.stringify(storable(value, path, arrayPaths));
}

const DATE_MARK = '"$date"';

export function decodeDocument<T>(json: string): T {
  // Most documents hold no Date: skip the reviver's cost for them.
  return (json.includes(DATE_MARK) ? JSON.parse(json, reviveDate) : JSON.parse(json)) as T;
}

function reviveDate(_key: string, value: unknown): unknown {
  if (isPlainObject(value) && typeof value.$date === 'number' && Object.keys(value).length === 1) return new Date(value.$date);
  return value;
}

/**
 * The value as JSON.stringify should see it: checked all through (field names, numbers, types) and with every Date
 * as `{ $date }`. Copy on write: an object or array with no Date inside is answered as it is, so only the way down
 * to a Date is copied. JSON.stringify then drops `undefined` fields and writes `null` for them in arrays, as a copy would.
 */
function storable(value: unknown, path: string, arrayPaths: Set<string>): unknown {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (!Number.isFinite(ms)) throw new TypeError(`Invalid Date at ${path || 'the document'}`);
    return { $date: ms };
  }
  if (Array.isArray(value)) {
    arrayPaths.add(path);
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i += 1) {
      const element: unknown = value[i];
      const stored = Array.isArray(element) ? storable(element, `${path}[]`, arrayPaths) : storable(element, path, arrayPaths);
      if (stored !== element) (copy ??= value.slice())[i] = stored;
    }
    return copy ?? value;
  }
  if (isPlainObject(value)) {
    const prototype: unknown = Object.getPrototypeOf(value);
    // Anything but a plain object (a class instance, a Buffer) is stored as its own fields, never through its toJSON.
    if (prototype !== Object.prototype && prototype !== null) return storable({ ...value }, path, arrayPaths);
    let copy: PlainObject | undefined;
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const inner = value[key];
      if (inner === undefined) continue;
      if (key.startsWith('$') || key.includes('.'))
        throw new TypeError(`Field names may not start with $ or contain a dot: ${JSON.stringify(key)}`);
      const stored = storable(inner, path ? `${path}.${key}` : key, arrayPaths);
      if (stored !== inner) (copy ??= { ...value })[key] = stored;
    }
    return copy ?? value;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`${path}: only finite numbers can be stored`);
  if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol')
    throw new TypeError(`${path}: a ${typeof value} cannot be stored`);
  return value;
}
