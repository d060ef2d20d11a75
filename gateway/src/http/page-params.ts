import type { Request } from 'express';
import { ValidationError, type FieldErrors } from '../errors/api-error';
import { blankAsMissing, looseInt } from './coerce';
import { readParams } from './input';

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * The page size of a paged list under both its names: `limit` (docs/orders.md#listing) and `per_page`, which clients of other
 * APIs send. Either is an integer; its default and its bounds are the service's (each one's domain/paging.ts).
 */
export const pageSizeParams = () => ({
  limit: blankAsMissing(looseInt()).meta({ description: 'records per page, clamped to 1..250' }),
  per_page: blankAsMissing(looseInt()).meta({ description: 'another name of `limit`; `limit` wins when both are sent' }),
});

interface PageSizes {
  limit?: number;
  per_page?: number;
}

/**
 * The page size asked for, `limit` winning over `per_page`, as the service receives it: undefined when neither was
 * sent (the service's default), else the integer as sent (held within an int32, which the service then clamps).
 */
export function pageSizeOf({ limit, per_page }: PageSizes): number | undefined {
  const asked = limit ?? per_page;
  return asked === undefined ? undefined : Math.min(INT32_MAX, Math.max(INT32_MIN, asked));
}

const NOT_PAGED = 'is not taken: this list is not paged, every record is in its one answer';

/**
 * For a list that is not paged (webhooks, templates, shipping groups and classes, an order's products and
 * variants): page 1 is the whole list; a page size, or a later page, is a 422 rather than the whole list again,
 * which a client reading pages until an empty one would read for ever.
 */
export function refusePaging(req: Request): void {
  const params = readParams(req);
  const errors: FieldErrors = {};
  for (const name of ['limit', 'per_page']) if (isGiven(params[name])) errors[name] = [NOT_PAGED];
  if (isGiven(params.page) && String(params.page).trim() !== '1')
    errors.page = ['must be 1: this list is not paged, every record is on page 1'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
