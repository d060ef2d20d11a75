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

function storable(value: unknown, path: string, arrayPaths: Set<string>): unknown {
  if (value instanceof Date) {
    const ms = value.getTime();
    if (!Number.isFinite(ms)) throw new TypeError(`Invalid Date at ${path || 'the document'}`);
    return { $date: ms };
  }
  if (Array.isArray(value)) {
    arrayPaths.add(path);
    return value.map((element) => (Array.isArray(element) ? storable(element, `${path}[]`, arrayPaths) : storable(element, path, arrayPaths)));
  }
  if (isPlainObject(value)) {
    const stored: PlainObject = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner === undefined) continue;
      if (key.startsWith('$') || key.includes('.')) throw new TypeError(`Field names may not start with $ or contain a dot: ${JSON.stringify(key)}`);
      stored[key] = storable(inner, path ? `${path}.${key}` : key, arrayPaths);
    }
    return stored;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`${path}: only finite numbers can be stored`);
  if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') throw new TypeError(`${path}: a ${typeof value} cannot be stored`);
  return value;
}
