import { z } from 'zod';
import { blankAsMissing, looseArray, looseBool, looseInt, looseNumber, looseString } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';

/**
 * Inputs of docs/money.md#discount-codes. Shapes only: what a code may hold, which kinds exist, a value's bounds by kind,
 * a time's order and a list's length are the orders service's rules (services/orders/src/domain/discount.ts),
 * answered field by field.
 */

const INT32_MAX = 2_147_483_647;
/** A time with its offset: `2026-12-01T00:00:00Z`, `2026-12-01T09:30:00-05:00` (fractions allowed). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const UNIX_SECONDS = /^\d+(\.\d+)?$/;
const TIME_MESSAGE = 'must be an ISO 8601 time with its offset (2026-12-01T00:00:00-05:00) or unix seconds';

function toTime(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return new Date(value * 1000);
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (UNIX_SECONDS.test(text)) return new Date(Number(text) * 1000);
  if (!ISO_TIME.test(text)) return value;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? value : at;
}

/** A time, or null (JSON null or an empty form field): none on create, cleared on update. */
const clearableTime = () =>
  z.preprocess(
    (value) => (value === null || value === '' ? null : toTime(value)),
    z
      .date({ error: (issue) => (issue.input === undefined ? 'is required' : TIME_MESSAGE) })
      .refine((at) => !Number.isNaN(at.getTime()) && Math.abs(at.getTime()) <= 8.64e15, { error: TIME_MESSAGE })
      .nullable()
      .optional(),
  );

/** `[1, 2]`, JSON text of it, `ids[]=` repeated, or `1,2`; null or "" is `[]`. */
const idList = () =>
  z.preprocess((value) => (value === null ? [] : value), looseArray(looseInt({ min: 1 }), { commaSeparated: true }).optional());

/** An integer, or null (JSON null or an empty form field): unlimited. */
const clearableCount = () => z.preprocess((value) => (value === '' ? null : value), looseInt().nullable().optional());

const fields = {
  code: looseString({ trim: true, max: CEILINGS.lineChars }),
  kind: looseString({ trim: true, max: CEILINGS.lineChars }),
  value: blankAsMissing(looseNumber()),
  minimum_subtotal: blankAsMissing(looseInt()),
  product_ids: idList(),
  collection_ids: idList(),
  starts_at: clearableTime(),
  ends_at: clearableTime(),
  usage_limit: clearableCount(),
  once_per_customer: z.preprocess((value) => (value === null ? undefined : value), looseBool().optional()),
};

/** POST /v1/discounts: `code` and `kind` required; absent times and `usage_limit` mean none. Output: CreateDiscountRequest's fields. */
export const createDiscountInput = z
  .object(fields)
  .strip()
  .transform(({ starts_at, ends_at, usage_limit, ...rest }) => ({
    ...rest,
    starts_at: starts_at ?? undefined,
    ends_at: ends_at ?? undefined,
    usage_limit: usage_limit ?? undefined,
  }));

/** PUT /v1/discounts/:id: the fields given change; null (or "") clears a time or the usage limit; a list replaces the one kept. */
export const updateDiscountInput = z
  .object({ ...fields, code: fields.code.optional(), kind: fields.kind.optional() })
  .strip()
  .transform(({ product_ids, collection_ids, starts_at, ends_at, usage_limit, ...rest }) => ({
    ...rest,
    product_ids: product_ids === undefined ? undefined : { ids: product_ids },
    collection_ids: collection_ids === undefined ? undefined : { ids: collection_ids },
    starts_at: starts_at === undefined ? undefined : { at: starts_at ?? undefined },
    ends_at: ends_at === undefined ? undefined : { at: ends_at ?? undefined },
    usage_limit: usage_limit === undefined ? undefined : { limit: usage_limit ?? undefined },
  }));

/** GET /v1/discounts: `page` and `limit` (or `per_page`), integers; orders defaults and clamps the size (its domain/paging.ts). */
export const listDiscountsQuery = z
  .object({
    page: blankAsMissing(looseInt({ min: 1, max: INT32_MAX })).describe('The page, from 1'),
    ...pageSizeParams(),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));
