import { parse, type IParseOptions } from 'qs';
import { ApiError } from '../errors/api-error';
import { expandJsonText } from './json-text';

/** One request's parameters: query and body merged, bracket names nested, JSON text expanded. */
export type Params = Record<string, unknown>;

export interface ParamLimits {
  /** More name=value pairs than this is a 400, not a silent truncation. */
  maxParams: number;
  /** Bracket levels below the top name (`a[b][c]` is 2). */
  maxDepth: number;
}

export const DEFAULT_PARAM_LIMITS: ParamLimits = { maxParams: 1000, maxDepth: 8 };

/**
 * qs, told the gateway's limits. `arrayLimit` is where qs stops building a list and builds an
 * object keyed by index instead (its default 20 is why a home-made parser once stood here):
 * `finishValue` turns such objects back into lists, so a list may hold as many elements as a
 * request may carry parameters, while qs never allocates a sparse list longer than 20 slots
 * (`k1[999]=&k2[999]=&...` would otherwise cost it a thousand 1000-slot lists).
 */
function qsOptions({ maxParams, maxDepth }: ParamLimits): IParseOptions {
  return {
    // Counted before qs runs (a silent truncation otherwise); this only backs that count up.
    parameterLimit: maxParams,
    depth: maxDepth,
    strictDepth: true,
    arrayLimit: 20,
    throwOnLimitExceeded: false,
    // Names of Object.prototype's members (`__proto__`, `constructor`, `toString`, ...) are dropped, never assigned.
    allowPrototypes: false,
    // Ordinary objects, so every consumer can treat params like JSON.parse output.
    plainObjects: false,
    ignoreQueryPrefix: true,
    allowDots: false,
    comma: false,
    duplicates: 'combine',
  };
}

const DEFAULT_QS_OPTIONS = qsOptions(DEFAULT_PARAM_LIMITS);

/**
 * Parses `application/x-www-form-urlencoded` text (a query string or a form body) with `qs`, the
 * way the original API's clients expect (Rails/PHP conventions):
 * - `owner[email]=x` → `{owner: {email: 'x'}}`
 * - `items[]=1&items[]=2` → `{items: ['1', '2']}`; `a=1&a=2` → `{a: ['1', '2']}`
 * - `rates[0][shipping_class_id]=3` → `{rates: [{shipping_class_id: '3'}]}` (indices compacted, in index order)
 * - `countries=["US"]` → `{countries: ['US']}` (JSON text of an array/object is parsed, after qs has nested the names)
 */
export function parseParamString(text: string, limits: ParamLimits = DEFAULT_PARAM_LIMITS): Params {
  if (countParams(text) > limits.maxParams) throw new ApiError(400, `Too many parameters (at most ${limits.maxParams})`);
  let parsed: Params;
  try {
    parsed = parse(text, limits === DEFAULT_PARAM_LIMITS ? DEFAULT_QS_OPTIONS : qsOptions(limits));
  } catch (error) {
    // strictDepth's only error.
    if (error instanceof RangeError) throw new ApiError(400, `A parameter name is nested too deeply (at most ${limits.maxDepth} levels)`);
    throw error;
  }
  for (const name of Object.keys(parsed)) parsed[name] = finishValue(parsed[name], limits.maxDepth);
  return parsed;
}

/** Body over query: nested objects merge key by key, anything else given in the body replaces the query's. */
export function mergeParams(under: Params, over: Params): Params {
  if (isEmpty(over)) return under;
  if (isEmpty(under)) return over;
  // A Map then fromEntries: a JSON body key `__proto__` stays an ordinary key, never a prototype.
  const merged = new Map<string, unknown>(Object.entries(under));
  for (const [key, value] of Object.entries(over)) {
    const prior = merged.get(key);
    merged.set(key, isRecord(prior) && isRecord(value) ? mergeParams(prior, value) : value);
  }
  return Object.fromEntries(merged);
}

export function isRecord(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `&`-separated parts qs would read. */
function countParams(text: string): number {
  let count = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) count++;
  return count;
}

const LIST_INDEX = /^(0|[1-9]\d{0,8})$/;

/**
 * Two steps after qs, in place: an object whose every key is a list index is the list qs stopped
 * building at `arrayLimit` (elements in index order, gaps closed, as qs does below the limit); and
 * JSON text is expanded. Expanding here rather than in qs's decoder matters: qs would flatten a
 * JSON list into a repeated name's list (`[].concat`) and copy every list while compacting, losing
 * the source text `looseString` reads back (json-text.ts).
 */
function finishValue(value: unknown, maxDepth: number): unknown {
  if (typeof value === 'string') return expandJsonText(value, maxDepth);
  if (typeof value !== 'object' || value === null) return value;
  const container = value as Record<string, unknown>;
  const keys = Object.keys(container);
  for (const key of keys) container[key] = finishValue(container[key], maxDepth);
  // Integer keys enumerate in ascending order, so the list comes out in index order.
  if (!Array.isArray(value) && keys.length > 0 && keys.every((key) => LIST_INDEX.test(key))) return keys.map((key) => container[key]);
  return value;
}

function isEmpty(params: Params): boolean {
  for (const _key in params) return false;
  return true;
}
