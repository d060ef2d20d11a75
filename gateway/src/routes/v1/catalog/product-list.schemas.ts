import { z } from 'zod';
import { blankAsMissing, looseString, unixTime } from '../../../http/coerce';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';
import { INT32_MAX, oneOf, optionalInt } from './catalog.fields';

const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/**
 * GET /v1/products query (docs/catalog.md#products, docs/api-conventions.md#paging): 20 a page by default (`limit` or `per_page` up to
 * 250), by id; `q` searches names and SKUs. `after_id` is an alias some clients send for `newer_than_id` (the spec's name wins when
 * both are present). Output: the ListProductsRequest fields besides store_id.
 * `status` goes as sent: which words are statuses is catalog's, which refuses the others with a 422.
 */
export const listProductsQuery = z
  .object({
    status: blankAsMissing(looseString()).describe('Only products of this status: `active`, `hidden` or `coming soon` (any case)'),
    // Passed as sent: its length rule (at most 255 characters) and what it matches are catalog's (docs/catalog.md#products).
    q: blankAsMissing(looseString()).describe(
      "Only products whose name, or a variant's SKU, contains this text, ignoring case; every character is literal (no wildcards)",
    ),
    shipping_group_id: optionalInt(1).describe('Only products of this shipping group'),
    newer_than_id: optionalInt(0).describe('Only products with an id above this one'),
    after_id: optionalInt(0).describe('Another name of `newer_than_id`, which wins when both are sent'),
    older_than_id: optionalInt(0).describe('Only products with an id below this one'),
    // `ASC`/`DESC` in any case; anything else is a 422 rather than a silent default.
    sort_direction: blankAsMissing(oneOf(SORT_DIRECTIONS)).describe('`ASC` (the default) or `DESC`, in any case: the order of ids'),
    updated_at_min: blankAsMissing(unixTime()).describe('Only products updated at or after this time, in unix seconds'),
    updated_at_max: blankAsMissing(unixTime()).describe('Only products updated at or before this time, in unix seconds'),
    page: optionalInt(1, INT32_MAX).describe('The page, from 1, of 20 products'),
    ...pageSizeParams(),
  })
  .strip()
  .transform(({ after_id, newer_than_id, sort_direction, limit, per_page, ...rest }) => ({
    ...rest,
    newer_than_id: newer_than_id ?? after_id,
    descending: sort_direction === 'desc',
    limit: pageSizeOf({ limit, per_page }),
  }));
