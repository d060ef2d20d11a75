import { orders } from '@commerce/contracts';
import { z } from 'zod';
import { blankAsMissing, looseArray, looseInt, looseString } from '../../http/coerce';
import { CEILINGS } from '../../http/ceilings';

/**
 * Checkout's input (docs/orders.md#checkout-buyer-path), as a headless storefront sends it in JSON or the checkout page in a
 * form (`address[country]=US`, `items[0][variant_id]=9`). Shapes only: which fields are required, the
 * e-mail, the country code, quantities and stock are the orders service's, answered field by field.
 */

const text = () =>
  z.preprocess((value) => (value === null ? undefined : value), looseString({ trim: true, max: CEILINGS.lineChars }).optional());
/** The buyer's note as written; empty or null is no note (renders null). */
const note = () => z.preprocess((value) => (value === null || value === '' ? undefined : value), looseString().optional());

const address = z
  .object(
    {
      name: text(),
      address_1: text(),
      address_2: text(),
      city: text(),
      postal: text(),
      state: text(),
      state_abbrev: text(),
      country: text(),
    },
    { error: 'must be an object' },
  )
  .strip();

const line = z
  .object({ variant_id: looseInt(), quantity: looseInt() }, { error: 'must be an object with variant_id and quantity' })
  .strip();

/** Output: the CreateOrderRequest fields besides store_id and checkout_key. */
export const checkoutInput = z
  .object({
    email: text(),
    address: address.optional(),
    // A list of lines, JSON text of one, or one line on its own.
    items: looseArray(line, { max: CEILINGS.shortListItems }).optional(),
    // 0 (or absent): orders picks the cheapest class that ships to the address.
    shipping_class_id: blankAsMissing(looseInt({ min: 0 })),
    user_note: note(),
    payment_token: text(),
    // docs/money.md#discount-codes: in any case; blank is none.
    discount_code: text(),
  })
  .strip()
  .transform(({ items, ...rest }) => ({ ...rest, lines: items ?? [] }));

export type CheckoutInput = z.output<typeof checkoutInput>;

/** The checkout's quote request (docs/orders.md#the-quote): its body without the payment token and the note. */
export function quoteRequestOf(
  storeId: number,
  { payment_token: _token, user_note: _note, ...asked }: CheckoutInput,
): orders.QuoteCheckoutRequest {
  return orders.QuoteCheckoutRequest.fromPartial({ ...asked, store_id: storeId });
}
