import type { PlainObject } from '../query/document-values';
import { decodeDocument, encodeDocument } from './document-codec';

/**
 * Top-level fields kept beside the document, in a column of their own (`side`): a document's outbox and its
 * pending flag (docs/events.md#how-an-event-leaves-a-service, libs/events), which the outbox relay empties right after the write that
 * filled them. SQLite rewrites an index on an UPDATE only when its expression reads a column the UPDATE sets, so emptying an
 * outbox rewrites the row and the flag's index entry, not every index on the document's other fields (a product
 * has eight). Callers see one document either way: the column is the engine's business.
 */
export const SIDE_FIELDS: ReadonlySet<string> = new Set(['outbox', 'outbox_pending']);

/** The table column that holds a field (`a.b` is held where `a` is). */
export type DocumentColumn = 'doc' | 'side';

export function columnOf(field: string): DocumentColumn {
  const dot = field.indexOf('.');
  return SIDE_FIELDS.has(dot === -1 ? field : field.slice(0, dot)) ? 'side' : 'doc';
}

/** A document as its row stores it: the JSON of both columns (`side` null when it holds none of the side fields). */
export interface EncodedRow {
  json: string;
  side: string | null;
  /** Dot paths that hold an array, in either column (see document-codec.ts). */
  arrayPaths: Set<string>;
}

export function encodeRow(doc: PlainObject): EncodedRow {
  let hasSide = false;
  for (const field of SIDE_FIELDS) if (doc[field] !== undefined) hasSide = true;
  if (!hasSide) return { ...encodeDocument(doc), side: null };
  const main: PlainObject = {};
  const side: PlainObject = {};
  for (const key in doc) {
    if (!Object.hasOwn(doc, key)) continue;
    if (SIDE_FIELDS.has(key)) side[key] = doc[key];
    else main[key] = doc[key];
  }
  const encoded = encodeDocument(main);
  const encodedSide = encodeDocument(side);
  for (const path of encodedSide.arrayPaths) encoded.arrayPaths.add(path);
  return { ...encoded, side: encodedSide.json };
}

/** The document of a row: its own fields, then the side fields it has. */
export function decodeRow<T>(json: string, side: string | null): T {
  const doc = decodeDocument<PlainObject>(json);
  return (side === null ? doc : Object.assign(doc, decodeDocument<PlainObject>(side))) as T;
}
