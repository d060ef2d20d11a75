import { z } from 'zod';
import { blankAsMissing, looseArray, looseBool, looseInt, looseString } from '../../../http/coerce';
import { CEILINGS } from '../../../http/ceilings';

/**
 * POST /v1/orders/:id/refunds (docs/money.md#refunds), JSON or form: `amount_in_cents`, or `items` of `{item_id,
 * quantity}` (with `shipping`), and `restock`, `note`. Shapes only: what is left to refund, which items the order has
 * and how many of their units are left are orders' rules, answered field by field. Output: the CreateRefundRequest
 * fields besides the ids and the key. `POST /v1/orders/:id/refunds/calculate` takes the very same input
 * (`calculateRefundInput`): a calculation is asked as the refund would be.
 */
export const createRefundInput = z
  .object({
    amount_in_cents: blankAsMissing(looseInt({ min: 1 })).describe("The amount, in the minor unit of the order's currency"),
    items: blankAsMissing(
      looseArray(z.object({ item_id: looseInt({ min: 1 }), quantity: looseInt({ min: 1 }) }).strip(), { max: CEILINGS.shortListItems }),
    ).describe('The items and how many of their units to refund, instead of an amount'),
    shipping: blankAsMissing(looseBool()).describe("With items: refund the order's shipping too"),
    restock: blankAsMissing(looseBool()).describe("With items: put the units back in their variants' stock"),
    note: blankAsMissing(looseString()).describe('Why, for the record (at most 1000 characters)'),
  })
  .strip()
  .transform(({ amount_in_cents, items, shipping, restock, note }) => ({
    amount: amount_in_cents,
    items: items ?? [],
    shipping: shipping ?? false,
    restock: restock ?? false,
    note: note ?? '',
  }));

/** POST /v1/orders/:id/refunds/calculate: the refund's own input, so a calculation and the refund made next agree. */
export const calculateRefundInput = createRefundInput;
