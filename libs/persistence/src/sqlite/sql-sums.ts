import type { Filter, SumOptions } from '../collection.port';
import { rangeSearch } from '../query/range-search';
import { columnOf } from './side-fields';
import { jsonPathOf, keyExpression, keyOf, typeBounds, type KeyValue } from './sql-key';
import { filterToSqlWith, sqlFieldOf, sqlPathOf, type FieldResolver } from './sql-query';

/**
 * `sumGroups` (collection.port.ts) as one SQL statement: SQLite filters (through the same index the filter's finds use),
 * unwinds with jsonb_each, reads each value once per row as its key expression (sql-key.ts: the very text of an index on
 * the field), finds its range by a binary search of CASEs, groups, counts and sums. An index whose fields hold every
 * value the sums read (the filter's, the groups', the range's, the summed ones) then serves the whole statement from its
 * own entries, never reading a document ("USING COVERING INDEX"). Undefined when SQL alone cannot decide it exactly (a
 * condition on a field that holds arrays, elements that are arrays, a whole element read): the collection then computes
 * it in JavaScript (query/document-sums.ts), with the same answer.
 *
 *   SELECT g0, g1, <range of r>, count(*), sum(<s0 if a number>)... FROM
 *     (SELECT <key of a group field> AS g0.., <key of the ranged field> AS r, <key of a summed field> AS s0..
 *      FROM <table>[, jsonb_each(..) AS u] WHERE .. LIMIT -1 OFFSET 0)
 *   GROUP BY g0, g1, <range>
 */
export interface SqlSums {
  sql: string;
  params: KeyValue[];
  /** Columns of each row: the group values (keys, sql-key.ts), the range when ranged, the count, the sums. */
  groups: number;
  ranged: boolean;
}

/** The element of the unwound array as rows read it: an object, or NULL for anything else (which has no fields). */
const ELEMENT = `iif(u.type = 'object', u.value, NULL)`;

export function sumsToSql(table: string, filter: Filter, options: SumOptions, arrayPaths: ReadonlySet<string>): SqlSums | undefined {
  const unwind = options.unwind;
  // Elements that are arrays resolve paths element-wise: JavaScript's.
  if (unwind && arrayPaths.has(`${unwind.field}[]`)) return undefined;
  const where = filterToSqlWith(filter, (field) => sqlFieldOf(field, arrayPaths));
  const elementMatch = unwind?.match && filterToSqlWith(unwind.match, unwoundFieldOf(unwind.field, arrayPaths));
  if (!where.exact || (elementMatch && !elementMatch.exact)) return undefined;

  const source = unwind ? sourceOf(unwind.field) : undefined;
  const columns: string[] = [];
  const read = (field: string, name: string): boolean => {
    const at = valuePath(field, unwind?.field);
    if (at) columns.push(`${keyExpression(at.jsonPath, at.column)} AS ${name}`);
    return at !== undefined;
  };
  if (!(options.groupBy ?? []).every((field, i) => read(field, `g${i}`))) return undefined;
  if (options.ranges && !read(options.ranges.field, 'r')) return undefined;
  if (!options.sum.every((field, i) => read(field, `s${i}`))) return undefined;
  const conditions = [where.where, ...(elementMatch ? [elementMatch.where] : [])].join(' AND ');
  // LIMIT and OFFSET keep SQLite from folding the inner query into the grouping, which would read each value again per use.
  const inner =
    `SELECT ${columns.length > 0 ? columns.join(', ') : '1'} FROM ${table}${source ? `, ${source}` : ''} ` +
    `WHERE ${conditions} LIMIT -1 OFFSET 0`;

  const groupColumns = (options.groupBy ?? []).map((_, i) => `g${i}`);
  const range = options.ranges && rangeOf(options.ranges.boundaries);
  const keys = [...groupColumns, ...(range ? [range.sql] : [])];
  // The key of a number is the number; a string's is TEXT, anything else's a BLOB: MongoDB's $sum adds numbers only.
  const totals = ['count(*)', ...options.sum.map((_, i) => `sum(CASE WHEN typeof(s${i}) IN ('integer', 'real') THEN s${i} END)`)];
  const grouping = keys.length > 0 ? ` GROUP BY ${keys.map((_, i) => i + 1).join(', ')}` : '';
  return {
    sql: `SELECT ${[...keys, ...totals].join(', ')} FROM (${inner})${grouping}`,
    params: [...(range?.params ?? []), ...where.params, ...(elementMatch?.params ?? [])],
    groups: groupColumns.length,
    ranged: range !== undefined,
  };
}

/** The unwound field as rows: an array's elements, any other value as one, missing or null as none. */
function sourceOf(field: string): string {
  const column = columnOf(field);
  const path = `'${jsonPathOf([field])}'`;
  const type = `json_type(${column}, ${path})`;
  return (
    `jsonb_each(CASE WHEN ${type} = 'array' THEN jsonb_extract(${column}, ${path}) ` +
    `WHEN ${type} <> 'null' THEN jsonb_array(jsonb_extract(${column}, ${path})) END) AS u`
  );
}

/** Where a summed, grouped or ranged field is read: inside the element for the unwound field's paths. */
function valuePath(field: string, unwound: string | undefined): { jsonPath: string; column: string } | undefined {
  const segments = field.split('.');
  if (unwound === undefined || segments[0] !== unwound) return { jsonPath: jsonPathOf(segments), column: columnOf(field) };
  // The whole element (a scalar one included) is JavaScript's to read.
  if (segments.length === 1) return undefined;
  return { jsonPath: jsonPathOf(segments.slice(1)), column: ELEMENT };
}

/** A condition's field in the element match: the element's own paths inside it, the document's as the filter reads them. */
function unwoundFieldOf(unwound: string, arrayPaths: ReadonlySet<string>): FieldResolver {
  const prefix = `${unwound}.`;
  // The paths inside an element that have held arrays, relative to the element.
  const inside = new Set([...arrayPaths].filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length)));
  return (field) => {
    if (field === unwound) return undefined;
    if (!field.startsWith(prefix)) return sqlFieldOf(field, arrayPaths);
    const path = sqlPathOf(field.slice(prefix.length), inside);
    return path && { ...path, column: ELEMENT, key: keyExpression(path.jsonPath, ELEMENT) };
  };
}

/** The range index of `r` (range-search.ts), -1 for NULL or a value of another type than the boundaries. */
function rangeOf(boundaries: readonly number[] | readonly Date[]): { sql: string; params: KeyValue[] } {
  const keys = boundaries.map((boundary) => keyOf(boundary)!);
  const bounds = typeBounds(keys[0]);
  const typed = `r < ${bounds.upper}${bounds.lower ? ` AND r >= ${bounds.lower}` : ''}`;
  const search = rangeSearch<{ sql: string; params: KeyValue[] }>(
    keys.length,
    (index) => ({ sql: String(index), params: [] }),
    (boundary, then, otherwise) => ({
      sql: `CASE WHEN r < ? THEN ${then.sql} ELSE ${otherwise.sql} END`,
      params: [keys[boundary], ...then.params, ...otherwise.params],
    }),
  );
  return { sql: `CASE WHEN r IS NOT NULL AND ${typed} THEN ${search.sql} ELSE -1 END`, params: search.params };
}

/**
 * A group value from its key (sql-key.ts), or undefined for an object or an array, whose key says only what it is: the
 * collection then sums in JavaScript, which groups them by their value.
 */
export function groupValueOf(key: unknown): unknown {
  if (!Buffer.isBuffer(key)) return key;
  if (key[0] === 3) return key[1] === 1;
  if (key[0] === 4) return new Date(Number(key.readBigUInt64BE(1) - DATE_OFFSET));
  return undefined;
}

const DATE_OFFSET = 2n ** 62n;
