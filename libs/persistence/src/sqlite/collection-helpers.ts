import type { Doc, FindOptions } from '../collection.port';
import { compareValues, sortValue } from '../query/document-values';

/** The collection's small helpers: cache keys of bound parameters, pages, picked fields and JavaScript sorts. */
export function paramKey(param: string | number | Buffer): string {
  return typeof param === 'string' ? `s${param}` : typeof param === 'number' ? `n${param}` : `b${param.toString('hex')}`;
}

export function pageOf(options: FindOptions): { limit: number; skip: number } {
  const limit = options.limit && options.limit > 0 ? options.limit : -1;
  const skip = options.skip ?? 0;
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(skip) || skip < 0) throw new TypeError('limit and skip must be whole numbers');
  return { limit, skip };
}

export function pickFields<T extends Doc, K extends keyof T & string>(doc: T, fields: readonly K[]): Pick<T, K> {
  const picked: Partial<Pick<T, K>> = {};
  for (const field of fields) if (doc[field] !== undefined) picked[field] = doc[field];
  return picked as Pick<T, K>;
}

export function compareBySort(a: Doc, b: Doc, sort: Record<string, 1 | -1>): number {
  for (const [field, direction] of Object.entries(sort)) {
    const segments = field.split('.');
    const order = compareValues(sortValue(a, segments, direction), sortValue(b, segments, direction)) * direction;
    if (order !== 0) return order;
  }
  return 0;
}
