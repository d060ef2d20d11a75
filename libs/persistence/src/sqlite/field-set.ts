import type { Update } from '../collection.port';
import { isPlainObject } from '../query/document-values';
import { encodeValue } from './document-codec';
import { columnOf, type DocumentColumn } from './side-fields';
import { isSqlSafeSegment, jsonPathOf } from './sql-key';

/** A `$set` of whole top-level fields, in SQL: each field's JSON path and its new value as stored JSON text. */
export interface FieldSet {
  paths: string[];
  /** Where each field is stored (see side-fields.ts). */
  columns: DocumentColumn[];
  texts: string[];
  /** Paths that hold an array in the new values (see document-codec.ts). */
  arrayPaths: Set<string>;
}

/**
 * The update as a FieldSet when it only sets whole top-level fields (`{ $set: { outbox: [], outbox_pending: false } }`),
 * which SQLite applies to the stored JSONB with `jsonb_set` (a field already there keeps its place, a new one goes last,
 * as MongoDB does): no read of the document into JavaScript, no copy, no re-encoding. Undefined for anything else,
 * which takes the general path (read, applyUpdate, write).
 */
export function fieldSetOf(update: Update): FieldSet | undefined {
  const operators = Object.keys(update);
  if (operators.length !== 1 || operators[0] !== '$set' || !isPlainObject(update.$set)) return undefined;
  const fields = Object.entries(update.$set);
  if (fields.length === 0 || fields.some(([name, value]) => !isSqlSafeSegment(name) || value === undefined)) return undefined;
  const arrayPaths = new Set<string>();
  return {
    paths: fields.map(([name]) => jsonPathOf([name])),
    columns: fields.map(([name]) => columnOf(name)),
    texts: fields.map(([name, value]) => encodeValue(value, name, arrayPaths)),
    arrayPaths,
  };
}
