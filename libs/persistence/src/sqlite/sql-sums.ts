import type { Filter, SumOptions } from '../collection.port';
import { rangeSearch } from '../query/range-search';
import { columnOf } from './side-fields';
import { jsonPathOf, keyExpression, type KeyValue } from './sql-key';
import { filterToSqlWith, sqlFieldOf, sqlPathOf, type FieldResolver } from './sql-query';

/**
 * `sumGroups` (collection.port.ts) as one SQL statement: SQLite filters (through the same index the filter's finds use),
 * unwinds with jsonb_each, reads each value once per row, finds its range by a binary search of CASEs on numbers (a
 * Date's milliseconds), groups, counts and sums. Undefined when
 * SQL alone cannot decide it exactly (a condition on a field that holds arrays, elements that are arrays, a whole
 * element read): the collection then computes it in JavaScript (query/document-sums.ts), with the same answer.
 *
 *   SELECT g0, g1, <range of r>, count(*), sum(s0)... FROM
 *     (SELECT <group values> AS g0.., <range key> AS r, <numbers or NULL> AS s0.. FROM <table>[, jsonb_each(..) AS u] WHERE ..)
 *   GROUP BY g0, g1, <range>
 */
export interface SqlSums {
  sql: string;
  params: KeyValue[];
  /** Columns of each row: the group values (JSON text, or NULL for missing), the range when ranged, the count, the sums. */
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
  for (const [i, field] of (options.groupBy ?? []).entries()) {
    const at = valuePath(field, unwind?.field);
    if (!at) return undefined;
    columns.push(`${at.column}->'${at.jsonPath}' AS g${i}`);
  }
  if (options.ranges) {
    const at = valuePath(options.ranges.field, unwind?.field);
    if (!at) return undefined;
    columns.push(`${rangeValue(at, options.ranges.boundaries[0] instanceof Date)} AS r`);
  }
  for (const [i, field] of options.sum.entries()) {
    const at = valuePath(field, unwind?.field);
    if (!at) return undefined;
    const path = `'${at.jsonPath}'`;
    columns.push(`CASE WHEN json_type(${at.column}, ${path}) IN ('integer', 'real') THEN ${at.column}->>${path} END AS s${i}`);
  }
  const conditions = [where.where, ...(elementMatch ? [elementMatch.where] : [])].join(' AND ');
  // LIMIT and OFFSET keep SQLite from folding the inner query into the grouping, which would read each value again per use.
  const inner =
    `SELECT ${columns.length > 0 ? columns.join(', ') : '1'} FROM ${table}${source ? `, ${source}` : ''} ` +
    `WHERE ${conditions} LIMIT -1 OFFSET 0`;

  const groupColumns = (options.groupBy ?? []).map((_, i) => `g${i}`);
  const range = options.ranges && rangeOf(options.ranges.boundaries);
  const keys = [...groupColumns, ...(range ? [range.sql] : [])];
  const totals = ['count(*)', ...options.sum.map((_, i) => `sum(s${i})`)];
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

/**
 * A ranged value as a number, NULL when it is not of the boundaries' type: a Date's milliseconds (stored as `{"$date": ms}`,
 * document-codec.ts; no other value has that field, whose name no document may use), or a number.
 */
function rangeValue(at: { jsonPath: string; column: string }, dates: boolean): string {
  if (dates) return `${at.column}->>'${at.jsonPath}."$date"'`;
  const path = `'${at.jsonPath}'`;
  return `CASE WHEN json_type(${at.column}, ${path}) IN ('integer', 'real') THEN ${at.column}->>${path} END`;
}

/** The range index of `r` (range-search.ts), -1 for NULL (a value of another type than the boundaries, or none). */
function rangeOf(boundaries: readonly number[] | readonly Date[]): { sql: string; params: KeyValue[] } {
  const values = boundaries.map(Number);
  const search = rangeSearch<{ sql: string; params: KeyValue[] }>(
    values.length,
    (index) => ({ sql: String(index), params: [] }),
    (boundary, then, otherwise) => ({
      sql: `CASE WHEN r < ? THEN ${then.sql} ELSE ${otherwise.sql} END`,
      params: [values[boundary], ...then.params, ...otherwise.params],
    }),
  );
  return { sql: `CASE WHEN r IS NOT NULL THEN ${search.sql} ELSE -1 END`, params: search.params };
}
