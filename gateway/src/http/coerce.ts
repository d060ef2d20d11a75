import { z } from 'zod';
import { CEILINGS } from './ceilings';
import { expandJsonText, jsonTextSource } from './json-text';
import { DEFAULT_PARAM_LIMITS } from './params';

/**
 * zod helpers for the loosely typed inputs of the original API (docs/api-conventions.md#inputs): form and query values
 * are strings, JSON clients send real types, and both must mean the same thing. Every route
 * schema is built from these; messages read after the field name ("price_cents must be an integer").
 */
export { parseInput } from './parse-input';

interface Bounds {
  min?: number;
  max?: number;
}

const DIGITS = /^-?\d+$/;
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;
const UNSIGNED_DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;
const TRUE_TEXT = new Set(['true', '1']);
const FALSE_TEXT = new Set(['false', '0', '']);

/** The services' words for a string past its limit, so a field reads the same whichever refuses it. */
export const tooLong = (maxChars: number): string => `is too long (maximum is ${maxChars} characters)`;

/** The message for a missing value differs from the one for a wrong one. */
const expecting = (expectation: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : expectation);

/** `"1500"` or 1500 → 1500; `"12abc"`, `"1.5"`, 1.5 are rejected. */
export function looseInt({ min, max }: Bounds = {}) {
  let schema = z.number({ error: expecting('must be an integer') }).int({ error: 'must be an integer' });
  if (min !== undefined) schema = schema.min(min, { error: `must be at least ${min}` });
  if (max !== undefined) schema = schema.max(max, { error: `must be at most ${max}` });
  return z.preprocess((value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value), schema);
}

/** `"12.50"` or 12.5 → 12.5 (product and variant prices are decimals). */
export function looseNumber({ min, max }: Bounds = {}) {
  let schema = z.number({ error: expecting('must be a number') });
  if (min !== undefined) schema = schema.min(min, { error: `must be at least ${min}` });
  if (max !== undefined) schema = schema.max(max, { error: `must be at most ${max}` });
  return z.preprocess((value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value), schema);
}

/** `"true"`/`"1"`/true/1 → true; `"false"`/`"0"`/`""`/false/0 → false (text case-insensitive). */
export function looseBool() {
  return z.preprocess(toBoolean, z.boolean({ error: expecting('must be true or false') }));
}

function toBoolean(value: unknown): unknown {
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (TRUE_TEXT.has(text)) return true;
  if (FALSE_TEXT.has(text)) return false;
  return value;
}

interface StringOptions extends Bounds {
  /** Strip surrounding whitespace before checking length (names, emails; not css or templates). */
  trim?: boolean;
}

/**
 * Strings as given; numbers become their decimal text; `min: 1` reads "can't be blank". `max` defaults to the
 * ceiling of free text (ceilings.ts): no string reaches a service longer than a field of the API can hold.
 */
export function looseString({ min, max = CEILINGS.textChars, trim = false }: StringOptions = {}) {
  let schema = z.string({ error: expecting('must be a string') });
  if (min !== undefined) schema = schema.min(min, { error: min === 1 ? "can't be blank" : `must be at least ${min} characters` });
  schema = schema.max(max, { error: tooLong(max) });
  return z.preprocess((value) => toText(value, trim), schema);
}

function toText(value: unknown, trim: boolean): unknown {
  if (typeof value === 'string') return trim ? value.trim() : value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') return String(value);
  // Free text that happened to look like JSON was expanded on arrival; give back what was sent.
  return jsonTextSource(value) ?? value;
}

interface ArrayOptions {
  /** Also split `"a,b"` (tag-like fields); otherwise a lone string is a one-element list. */
  commaSeparated?: boolean;
  /** Default: the ceiling of any list (ceilings.ts). */
  max?: number;
}

/**
 * A list however it arrives: an array (JSON, `x[]=`, repeated keys), JSON text of an array, a
 * comma string when `commaSeparated`, or a single value (→ `[value]`). An empty string is `[]`.
 */
export function looseArray<T extends z.ZodType>(of: T, { commaSeparated = false, max = CEILINGS.listItems }: ArrayOptions = {}) {
  const schema = z.array(of, { error: expecting('must be a list') }).max(max, { error: `must have at most ${max} items` });
  return z.preprocess((value) => toList(value, commaSeparated), schema);
}

function toList(value: unknown, commaSeparated: boolean): unknown {
  if (value === undefined || value === null || Array.isArray(value)) return value;
  if (typeof value !== 'string') return [value];
  if (value.trim() === '') return [];
  const expanded = expandJsonText(value, DEFAULT_PARAM_LIMITS.maxDepth);
  if (expanded !== value) return Array.isArray(expanded) ? expanded : [expanded];
  if (!commaSeparated) return [value];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Unix seconds (`"1700000000"`, 1700000000, fractions allowed) → Date; filter timestamps use these. */
export function unixTime() {
  return z.preprocess(toDate, z.date({ error: expecting('must be a unix timestamp in seconds') }));
}

function toDate(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return new Date(value * 1000);
  if (typeof value === 'string' && UNSIGNED_DECIMAL.test(value)) return new Date(Number(value) * 1000);
  return value;
}

/**
 * For optional numbers, booleans-as-presence and times: an empty form field (`page=`) or a JSON
 * null means "not given" rather than "invalid". Not for strings, where "" can mean "clear it".
 */
export function blankAsMissing<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}
