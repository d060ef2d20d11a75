import type { Filter } from '../collection.port';
import { isOperatorObject } from '../query/document-match';
import { isArrayIndex } from '../query/document-values';
import { asciiLowerCase } from '../query/text-contains';
import { columnOf } from './side-fields';
import { existsExpression, isSqlSafeSegment, jsonPathOf, keyExpression, keyOf, typeBounds, type KeyValue } from './sql-key';

/**
 * A filter as SQL. `exact`: the WHERE clause alone decides; otherwise it selects a superset and the
 * caller checks each candidate with matchesFilter (conditions on fields that hold arrays, whole
 * subdocuments, names SQL text should not carry).
 */
export interface SqlFilter {
  where: string;
  params: KeyValue[];
  exact: boolean;
}

export interface SqlSort {
  /** Undefined when SQL cannot order exactly (a sort key that holds arrays): sort in JavaScript. */
  orderBy?: string;
}

interface Translation {
  conditions: string[];
  params: KeyValue[];
  exact: boolean;
}

/** A field as SQL reads it; undefined when only JavaScript can resolve it. */
export type FieldResolver = (field: string) => SqlField | undefined;

/** `arrayPaths`: every dot path that has held an array in this collection (see document-codec.ts). */
export function filterToSql(filter: Filter, arrayPaths: ReadonlySet<string>): SqlFilter {
  return filterToSqlWith(filter, (field) => sqlFieldOf(field, arrayPaths));
}

/** `filterToSql` with the fields resolved by the caller (an unwound array's element, sql-sums.ts). */
export function filterToSqlWith(filter: Filter, fieldOf: FieldResolver): SqlFilter {
  const translation = translateFilter(filter, fieldOf);
  return {
    where: translation.conditions.length > 0 ? translation.conditions.join(' AND ') : '1',
    params: translation.params,
    exact: translation.exact,
  };
}

export function sortToSql(sort: Record<string, 1 | -1> | undefined, arrayPaths: ReadonlySet<string>): SqlSort {
  if (!sort || Object.keys(sort).length === 0) return { orderBy: '' };
  const terms: string[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    const path = sqlFieldOf(field, arrayPaths);
    if (!path || path.mayHoldArray) return {};
    terms.push(`${path.key} ${direction === -1 ? 'DESC' : 'ASC'}`);
  }
  return { orderBy: ` ORDER BY ${terms.join(', ')}` };
}

/** The index expression of a field; paths in indexes are plain (no positions), whatever the documents hold. */
export function indexKeyExpression(field: string): string {
  const segments = field.split('.');
  if (!segments.every(isSqlSafeSegment))
    throw new TypeError(`Index fields must be made of letters, digits, _ and -: ${JSON.stringify(field)}`);
  return keyExpression(jsonPathOf(segments), columnOf(field));
}

function translateFilter(filter: Filter, fieldOf: FieldResolver): Translation {
  const result: Translation = { conditions: [], params: [], exact: true };
  const add = (part: Translation) => {
    result.conditions.push(...part.conditions);
    result.params.push(...part.params);
    result.exact &&= part.exact;
  };
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and') for (const branch of condition as Filter[]) add(translateFilter(branch, fieldOf));
    else if (key === '$or') add(translateOr(condition as Filter[], fieldOf));
    else add(translateCondition(key, condition, fieldOf));
  }
  return result;
}

function translateOr(branches: Filter[], fieldOf: FieldResolver): Translation {
  const parts = branches.map((branch) => translateFilter(branch, fieldOf));
  // A branch with no SQL condition matches anything (exact) or may match anything (inexact): the $or narrows nothing.
  const unbounded = parts.filter((part) => part.conditions.length === 0);
  if (unbounded.length > 0) return { conditions: [], params: [], exact: unbounded.some((part) => part.exact) };
  return {
    conditions: [`(${parts.map((part) => `(${part.conditions.join(' AND ')})`).join(' OR ')})`],
    params: parts.flatMap((part) => part.params),
    exact: parts.every((part) => part.exact),
  };
}

const INEXACT: Translation = { conditions: [], params: [], exact: false };

function translateCondition(field: string, condition: unknown, fieldOf: FieldResolver): Translation {
  const path = fieldOf(field);
  if (!path) return INEXACT;
  const { key } = path;
  if (!isOperatorObject(condition)) {
    const value = keyOf(condition);
    // Equality with an array field means "any element equals": left to matchesFilter.
    if (value === undefined || path.mayHoldArray) return INEXACT;
    return { conditions: [`${key} = ?`], params: [value], exact: true };
  }
  const result: Translation = { conditions: [], params: [], exact: true };
  for (const [operator, operand] of Object.entries(condition)) {
    const part =
      operator === '$exists'
        ? translateExists(path, operand === true)
        : path.mayHoldArray
          ? INEXACT
          : translateOperator(key, operator, operand);
    result.conditions.push(...part.conditions);
    result.params.push(...part.params);
    result.exact &&= part.exact;
  }
  return result;
}

function translateExists({ jsonPath, column }: SqlPath, exists: boolean): Translation {
  return { conditions: [`${existsExpression(jsonPath, column)} IS ${exists ? 'NOT ' : ''}NULL`], params: [], exact: true };
}

function translateOperator(key: string, operator: string, operand: unknown): Translation {
  if (operator === '$in' || operator === '$nin') {
    const values = (operand as unknown[]).map(keyOf);
    if (values.some((value) => value === undefined)) return INEXACT;
    if (values.length === 0)
      return operator === '$in' ? { conditions: ['0'], params: [], exact: true } : { conditions: [], params: [], exact: true };
    const list = values.map(() => '?').join(',');
    const sql = operator === '$in' ? `${key} IN (${list})` : `(${key} IS NULL OR ${key} NOT IN (${list}))`;
    return { conditions: [sql], params: values as KeyValue[], exact: true };
  }
  // A string field (the key of a string is its TEXT) holding the text, ASCII letters in any case (query/text-contains.ts).
  if (operator === '$contains')
    return {
      conditions: [`(typeof(${key}) = 'text' AND instr(lower(${key}), ?) > 0)`],
      params: [asciiLowerCase(operand as string)],
      exact: true,
    };
  const value = keyOf(operand);
  if (value === undefined) return INEXACT;
  if (operator === '$ne') return { conditions: [`${key} IS NOT ?`], params: [value], exact: true };
  const bounds = typeBounds(value);
  const comparison = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
  if (!comparison) return INEXACT;
  const conditions = [`${key} ${comparison} ?`];
  if (operator === '$gt' || operator === '$gte') conditions.push(`${key} < ${bounds.upper}`);
  else if (bounds.lower) conditions.push(`${key} >= ${bounds.lower}`);
  return { conditions, params: [value], exact: true };
}

interface SqlPath {
  jsonPath: string;
  /** The SQL of the JSON the path starts from (keyExpression's column). */
  column: string;
  /** The path's value may be an array in some document: equality and ranges then match element-wise. */
  mayHoldArray: boolean;
}

/** A field as SQL reads it: its path, and the key expression its filters and sorts compare (the index's own text). */
export interface SqlField extends SqlPath {
  key: string;
}

/** Field names a collection's queries use come in few shapes; past this many, the cache starts over. */
const FIELDS_KEPT = 1_000;

/**
 * Each collection's fields as SQL, per its set of array paths (kept until a path is added: the set only grows). The key
 * expression is ~400 characters; built once per field instead of once per condition of every query.
 */
const sqlFields = new WeakMap<ReadonlySet<string>, { size: number; fields: Map<string, SqlField | undefined> }>();

export function sqlFieldOf(field: string, arrayPaths: ReadonlySet<string>): SqlField | undefined {
  let cache = sqlFields.get(arrayPaths);
  if (!cache || cache.size !== arrayPaths.size) {
    cache = { size: arrayPaths.size, fields: new Map() };
    sqlFields.set(arrayPaths, cache);
  }
  if (cache.fields.has(field)) return cache.fields.get(field);
  const path = sqlPathOf(field, arrayPaths);
  const sqlField = path && { ...path, key: keyExpression(path.jsonPath, path.column) };
  if (cache.fields.size >= FIELDS_KEPT) cache.fields.clear();
  cache.fields.set(field, sqlField);
  return sqlField;
}

/**
 * The JSON path of a dot path, or undefined when only JavaScript can resolve it the MongoDB way: a
 * field name SQL text should not carry, or a path that continues by name through an array (`lines.sku`).
 * A position right after an array (`outbox.0`) becomes `[0]`.
 */
export function sqlPathOf(field: string, arrayPaths: ReadonlySet<string>): SqlPath | undefined {
  let jsonPath = '$';
  let plain = '';
  let mayHoldArray = false;
  for (const segment of field.split('.')) {
    if (mayHoldArray) {
      if (!isArrayIndex(segment)) return undefined;
      jsonPath += `[${segment}]`;
      mayHoldArray = arrayPaths.has(`${plain}[]`);
      if (mayHoldArray) plain = `${plain}[]`;
      continue;
    }
    if (!isSqlSafeSegment(segment)) return undefined;
    jsonPath += `."${segment}"`;
    plain = plain ? `${plain}.${segment}` : segment;
    mayHoldArray = arrayPaths.has(plain);
  }
  return { jsonPath, column: columnOf(field), mayHoldArray };
}
