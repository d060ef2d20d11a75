import type { orders } from '@commerce/contracts';
import { DomainError, validationFailed } from '@commerce/grpc-runtime';
import { storeSettings } from '@commerce/store-zones';
import { quoteViolations, type CheckoutInput } from '../domain/checkout-input';
import { failureError, isRefusal, refusalFailure } from './checkout-steps';
import type { OrdersDeps, ReservedLine } from './orders-deps';
import { priceOrder, type PricedOrder } from './price-order';

/** A checkout's body without its key and payment token. */
export type QuoteInput = Omit<CheckoutInput, 'checkout_key' | 'payment_token'>;

/**
 * The total before paying (docs/orders.md#the-quote): the lines priced by catalog now (nothing taken), then the very
 * function checkout prices with (app/price-order.ts). Refuses what checkout would refuse for the same input, in the
 * same words; takes no stock, no discount use and no payment.
 */
export async function quoteCheckout(
  deps: Pick<OrdersDeps, 'zones' | 'storefront' | 'catalog' | 'shipping' | 'taxRates' | 'discounts' | 'clock'>,
  storeId: number,
  input: QuoteInput,
): Promise<orders.QuoteCheckoutResponse> {
  const violations = quoteViolations(input);
  if (Object.keys(violations).length > 0) throw validationFailed(violations);
  const { time_zone: _zone, ...settings } = await storeSettings(deps, storeId);
  let lines: ReservedLine[];
  try {
    lines = await deps.catalog.priceLines(storeId, input.lines);
  } catch (error) {
    if (isRefusal(error)) throw failureError(refusalFailure(error));
    throw new DomainError('UNAVAILABLE', 'The quote could not reach the catalog. Please try again.');
  }
  return quoteMessage(await priceOrder(deps, storeId, input, lines, settings));
}

function quoteMessage(priced: PricedOrder): orders.QuoteCheckoutResponse {
  const { cart } = priced;
  return {
    lines: priced.lines.map((line, index) => ({
      variant_id: line.variant_id,
      product_id: line.product_id,
      product_name: line.product_name,
      variant_name: line.variant_name,
      sku: line.sku,
      quantity: line.quantity,
      unit_price: line.unit_cents,
      amount: cart.lines[index]!.amount,
      discount: cart.lines[index]!.discount,
      tax: cart.lines[index]!.tax,
    })),
    shipping_options: priced.options.map((option) => ({
      shipping_class_id: option.shipping_class_id,
      name: option.shipping_class_name,
      price: option.total_cents,
    })),
    shipping_class_id: priced.chosen.shipping_class_id,
    shipping_class_name: priced.chosen.shipping_class_name,
    subtotal: cart.subtotal,
    discounts: cart.discounts,
    shipping: cart.shipping,
    shipping_discount: cart.shipping_discount,
    shipping_tax: cart.shipping_tax,
    tax: cart.tax,
    total: cart.total,
    currency: priced.settings.currency,
    prices_include_tax: priced.settings.prices_include_tax,
    discount_code: priced.discount?.code,
    tax_name: priced.taxRate?.name ?? '',
  };
}
