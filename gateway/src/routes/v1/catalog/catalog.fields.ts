import { z } from 'zod';
import { blankAsMissing, looseArray, looseBool, looseInt, looseString, tooLong } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';

/**
 * Field builders shared by the product, variant and collection schemas, so one input name reads
 * the same way on every route (docs/api-conventions.md#inputs: loose scalars, lists as arrays, JSON text or commas).
 */

/** Largest value an int32 proto field (page, limit, position) can carry. */
export const INT32_MAX = 2_147_483_647;
const MONEY = /^(\d*)(?:\.(\d*))?$/;

/** Optional integer; an empty form field or JSON null means "not given". */
export const optionalInt = (min?: number, max?: number) => blankAsMissing(looseInt({ min, max }));

/** Optional boolean; JSON null means "not given", while `""` stays false as docs/api-conventions.md#inputs says. */
export const optionalFlag = () => z.preprocess((value) => (value === null ? undefined : value), looseBool().optional());

/** Optional text on create: null or "" leave it unset (renders null). */
export const optionalText = () =>
  looseString()
    .nullable()
    .optional()
    .transform((value) => (value === null || value === '' ? undefined : value));

/** Optional text on update: null or "" clear it (the proto's empty string). */
export const clearableText = () =>
  looseString()
    .nullable()
    .optional()
    .transform((value) => (value === null ? '' : value));

/** A required, non-blank name, trimmed. */
export const requiredName = () => looseString({ min: 1, trim: true, max: CEILINGS.lineChars });

/** Optional name on update: when given it must not be blank. */
export const optionalName = () => requiredName().optional();

/** One of a fixed set of words, read case-insensitively and trimmed (`"Coming Soon "` is `coming soon`). */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(values));
}

/** What the OpenAPI document shows of a decimal amount (JSON Schema cannot say "digits read as cents"). */
const DECIMAL_AMOUNT = {
  anyOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^\\d*(\\.\\d*)?$' },
  ],
  description: 'a decimal amount such as 19.99 (at most 2 decimal places)',
};

/**
 * A decimal money amount (`"19.99"`, 19.99, `"5"`, `".5"`) → integer cents, by reading the digits
 * rather than multiplying a float (19.99 * 100 is 1998.9999999999998). More than two decimal places
 * (trailing zeros aside) are refused rather than rounded: an amount should never change silently.
 */
export function decimalCents() {
  return z
    .unknown()
    .transform((value, ctx) => {
      const text =
        typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
      const invalid = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      if (text === undefined) return invalid('must be a decimal amount such as 19.99');
      if (text.startsWith('-')) return invalid('must be at least 0');
      const match = MONEY.exec(text);
      if (!match || (match[1] === '' && !match[2])) return invalid('must be a decimal amount such as 19.99');
      const fraction = (match[2] ?? '').replace(/0+$/, '');
      if (fraction.length > 2) return invalid('must have at most 2 decimal places');
      const cents = Number(match[1] || '0') * 100 + Number(fraction.padEnd(2, '0'));
      if (!Number.isSafeInteger(cents)) return invalid('is too large');
      return cents;
    })
    .meta(DECIMAL_AMOUNT);
}

/** `decimalCents` where an empty form field or JSON null means "not given". */
export const optionalDecimalCents = () => blankAsMissing(decimalCents());

/**
 * Image URLs as text: an array, JSON text of one, or a single URL (a URL may hold commas, so no
 * splitting), each trimmed. How many a product may have and which URLs it takes are catalog's rules.
 */
export const photoUrls = () =>
  looseArray(
    z
      .string({ error: 'must be a URL' })
      .max(CEILINGS.lineChars, { error: tooLong(CEILINGS.lineChars) })
      .trim(),
    { max: CEILINGS.shortListItems },
  );

/** `"a, b"` or `["a", " b "]` → `["a", "b"]`; blank tags are dropped. */
export const tagList = () =>
  looseArray(looseString({ max: CEILINGS.lineChars }), { commaSeparated: true, max: CEILINGS.shortListItems }).transform((tags) =>
    tags.map((tag) => tag.trim()).filter((tag) => tag !== ''),
  );

/** Product ids: an array, JSON text of one, `ids[]=` or `"1, 2"`. */
export const productIdList = () => looseArray(looseInt({ min: 1 }), { commaSeparated: true });

/** On update, JSON null empties a list like `[]` does (the wrapper's "present with no elements"). */
export const clearableList = <T extends z.ZodType>(list: T) => z.preprocess((value) => (value === null ? [] : value), list).optional();
