import { z } from 'zod';
import { blankAsMissing, looseArray, looseBool, looseInt, looseString, unixTime } from '../../../http/coerce';
import { pageSizeOf, pageSizeParams } from '../../../http/page-params';
import { isRecord } from '../../../http/params';
import { CEILINGS } from '../../../http/ceilings';

/**
 * Inputs of docs/orders.md#orders, docs/orders.md#fulfillments (docs/orders.md#records). Shapes only: which statuses exist, which items may
 * ship and what a transition allows are the orders service's rules, answered field by field or as a 409.
 */

const INT32_MAX = 2_147_483_647;

const optionalInt = (min?: number, max?: number) => blankAsMissing(looseInt({ min, max }));

/** Optional text; JSON null reads as "" (the proto's empty string). */
const optionalText = () => z.preprocess((value) => (value === null ? '' : value), looseString().optional());

/** A time given in unix seconds (fractions allowed); blank is not given. */
const unixSeconds = (description: string) => blankAsMissing(unixTime()).describe(`${description}, in unix seconds (fractions allowed)`);

/**
 * GET /v1/orders (docs/orders.md#listing): `limit` (or `per_page`) must be an integer, passed through: orders defaults and
 * clamps it (services/orders/src/domain/paging.ts). `status` goes as sent (`on+hold` and
 * `on%20hold` both arrive as "on hold"): orders refuses a word that is not a filter value with a 422. `q` goes as sent
 * too: how it reads (a number, text of an e-mail) and its bounds are orders' (services/orders/src/domain/order-search.ts).
 * Output: the ListOrdersRequest fields besides store_id.
 */
export const listOrdersQuery = z
  .object({
    page: optionalInt(1, INT32_MAX).describe('The page, from 1'),
    ...pageSizeParams(),
    status: blankAsMissing(looseString({ trim: true })).describe(
      'Only orders of this status: `pending`, `canceled`, `open` (which lists `Partially Shipped` ones too), ' +
        '`shipped`, `on hold` or `failed`',
    ),
    older_than_id: optionalInt(0).describe("Only orders with an id below this one (the next page's link pins it)"),
    updated_at_min: unixSeconds('Only orders updated at or after this time'),
    updated_at_max: unixSeconds('Only orders updated at or before this time'),
    created_at_min: unixSeconds('Only orders placed at or after this time'),
    created_at_max: unixSeconds('Only orders placed at or before this time'),
    q: blankAsMissing(looseString({ trim: true })).describe(
      "Search: an order number (`1001`, or `#1001` for the number alone) or text inside the buyer's e-mail, ASCII " +
        'letters in any case, every other character as written (`%`, `_`, `*` are no wildcards); at most 254 characters',
    ),
  })
  .strip()
  .transform(({ limit, per_page, ...rest }) => ({ ...rest, limit: pageSizeOf({ limit, per_page }) }));

/** A required time in unix seconds: blank or JSON null reads as missing ("is required"). */
const requiredUnixSeconds = (description: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), unixTime()).describe(description);

/**
 * GET /v1/orders/summary (docs/orders.md#sales-summary): both ends of the range, in unix seconds. Their order and the
 * range's longest span (366 days) are orders' rules, answered as 422s on the fields.
 */
export const ordersSummaryQuery = z
  .object({
    created_at_min: requiredUnixSeconds('The first instant of the range, in unix seconds (fractions allowed)'),
    created_at_max: requiredUnixSeconds('The last instant of the range, in unix seconds (fractions allowed); at most 366 days later'),
  })
  .strip();

/** An item as the order renders it (`{item: {id}}`) or `{id}` is read as its id, so a GET answer's items can be sent back. */
const unwrapItem = (value: unknown): unknown => {
  const item = isRecord(value) && isRecord(value.item) ? value.item : value;
  return isRecord(item) && 'id' in item ? item.id : item;
};

/** Order item ids: a JSON array, JSON text of one, `items[]=`/repeated names, or a comma list (`items=1,2`). */
const itemIds = () => looseArray(z.preprocess(unwrapItem, looseInt({ min: 1 })), { commaSeparated: true, max: CEILINGS.shortListItems });

/**
 * PUT /v1/orders/:id/ship (docs/orders.md#shipping-an-order): `items` absent, empty or null ships every unshipped item.
 * Output: the ShipOrderRequest fields besides the ids.
 */
export const shipOrderInput = z
  .object({
    items: z.preprocess((value) => (value === null ? undefined : value), itemIds().optional()),
    tracking_number: optionalText(),
    shipping_company: optionalText(),
    notify_customer: z.preprocess((value) => (value === null ? undefined : value), looseBool().optional()),
    note_to_customer: optionalText(),
  })
  .strip()
  .transform(({ items, ...rest }) => ({ ...rest, item_ids: items ?? [] }));

/** PUT /v1/orders/:order_id/fulfillments/:id: only the fields sent change; null or "" clears one. */
export const updateFulfillmentInput = z
  .object({
    tracking_number: optionalText(),
    shipping_company: optionalText(),
    note_to_customer: optionalText(),
  })
  .strip();
