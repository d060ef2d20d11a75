import { z } from 'zod';
import { blankAsMissing, looseArray, looseBool, looseInt, looseString, tooLong } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';

/**
 * Field builders shared by the product, variant and collection schemas, so one input name reads
 * the same way on every route (docs/api-conventions.md#inputs: loose scalars, lists as arrays, JSON text or commas).
 */

/** Largest value an int32 proto field (page, limit, position) can carry. */
export const INT32_MAX = 2_147_483_647;

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

/** What the OpenAPI document shows of a decimal amount (JSON Schema cannot say "in the store's currency"). */
const DECIMAL_AMOUNT = {
  anyOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^\\s*\\d*(\\.\\d*)?\\s*$' },
  ],
  description: "a decimal amount in the store's currency such as 19.99 (at most the currency's decimal places: USD 2, JPY 0, KWD 3)",
};

/**
 * A decimal money amount (`"19.99"`, 19.99, `"5"`) as text for catalog, which reads it in the store's currency
 * (docs/catalog.md#price-input): the gateway cannot know the decimals a store's currency allows, so it checks the
 * shape only (a string or a number) and passes the text as sent; a JSON number goes as its decimal text. An empty
 * form field or JSON null means "not given".
 */
export const optionalDecimalText = () =>
  blankAsMissing(
    z.preprocess(
      (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value),
      z.string({ error: 'must be a decimal amount such as 19.99' }).max(CEILINGS.lineChars, { error: tooLong(CEILINGS.lineChars) }),
    ),
  ).meta(DECIMAL_AMOUNT);

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
