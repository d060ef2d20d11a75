import type { Request } from 'express';
import { ValidationError, type FieldErrors } from '../errors/api-error';
import { blankAsMissing, looseInt } from './coerce';
import { readParams } from './input';

/** The largest page any list serves (spec 8: orders' `limit` maximum); the services clamp to it too. */
export const MAX_PAGE_SIZE = 250;

/**
 * The page size of a paged list under both its names: `limit` (spec 4.4) and `per_page`, which clients of other
 * APIs send. Either is an integer, clamped to 1..250 rather than refused, as the original API clamps `limit`.
 */
export const pageSizeParams = () => ({
  limit: blankAsMissing(looseInt()).meta({ description: `records per page, clamped to 1..${MAX_PAGE_SIZE}` }),
  per_page: blankAsMissing(looseInt()).meta({ description: 'another name of `limit`; `limit` wins when both are sent' }),
});

interface PageSizes {
  limit?: number;
  per_page?: number;
}

/** The page size asked for, `limit` winning over `per_page`, clamped to 1..250; `fallback` when neither was sent. */
export function pageSizeOf(sizes: PageSizes, fallback: number): number;
export function pageSizeOf(sizes: PageSizes): number | undefined;
export function pageSizeOf({ limit, per_page }: PageSizes, fallback?: number): number | undefined {
  const asked = limit ?? per_page ?? fallback;
  return asked === undefined ? undefined : Math.min(MAX_PAGE_SIZE, Math.max(1, asked));
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
