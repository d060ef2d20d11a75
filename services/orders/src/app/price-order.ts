import { validationFailed } from '@commerce/grpc-runtime';
import { discountRefusal, unavailableError, type Discount } from '../domain/discount';
import { priceCart, type PricedCart } from '../domain/pricing';
import type { TaxRate } from '../domain/tax-rate';
import type { OrdersDeps, ReservedLine, ShippingQuote } from './orders-deps';

/** What a checkout or its quote asks to be priced (the lines aside, which catalog prices). */
export interface PricingRequest {
  address: { country: string; state: string; state_abbrev: string };
  /** 0: the cheapest class. */
  shipping_class_id: number;
  /** Blank or absent: none. */
  discount_code?: string | null;
}

/** The store's settings a price depends on (the store-zones projection keeps them). */
export interface PricingSettings {
  currency: string;
  prices_include_tax: boolean;
}

/** A cart priced: what the quote answers and what checkout writes, from the same call. */
export interface PricedOrder {
  lines: ReservedLine[];
  /** Every class that ships these lines there, cheapest first. */
  options: ShippingQuote[];
  chosen: ShippingQuote;
  discount: Discount | null;
  taxRate: TaxRate | null;
  settings: PricingSettings;
  cart: PricedCart;
}

/**
 * Prices priced lines for an address (docs/money.md#how-a-cart-is-priced): the shipping options and the one chosen, the
 * tax rate for the address, the discount code checked against the cart, then domain/pricing.ts. The checkout quote
 * and checkout both call this, so the order a buyer places equals the quote for the same input. Refusals: a class
 * not offered (shipping_class_id) or no class at all (address.country), a code refused (discount_code, saying why),
 * a code whose uses are spent (DISCOUNT_UNAVAILABLE).
 */
export async function priceOrder(
  deps: Pick<OrdersDeps, 'shipping' | 'taxRates' | 'discounts' | 'clock'>,
  storeId: number,
  request: PricingRequest,
  lines: ReservedLine[],
  settings: PricingSettings,
): Promise<PricedOrder> {
  const country = request.address.country.trim().toUpperCase();
  const state = (request.address.state_abbrev.trim() || request.address.state.trim()).toUpperCase();
  const [options, taxRate, discount] = await Promise.all([
    deps.shipping.quote(
      storeId,
      country,
      lines.map((line) => ({ product_id: line.product_id, shipping_group_id: line.shipping_group_id, quantity: line.quantity })),
    ),
    deps.taxRates.forDestination(storeId, country, state),
    usableDiscount(deps, storeId, request.discount_code, lines, settings.currency),
  ]);
  const chosen = chosenOption(options, request.shipping_class_id, country);
  const cart = priceCart({
    lines: lines.map((line) => ({
      product_id: line.product_id,
      collection_ids: line.collection_ids,
      unit_price: line.unit_cents,
      quantity: line.quantity,
      taxable: line.taxable,
    })),
    shipping: chosen.total_cents,
    discount,
    tax: taxRate,
    pricesIncludeTax: settings.prices_include_tax,
  });
  return { lines, options, chosen, discount, taxRate, settings, cart };
}

/** The code's discount when it applies to these lines now; refused otherwise. */
async function usableDiscount(
  deps: Pick<OrdersDeps, 'discounts' | 'clock'>,
  storeId: number,
  code: string | null | undefined,
  lines: ReservedLine[],
  currency: string,
): Promise<Discount | null> {
  const wanted = code?.trim() ?? '';
  if (wanted === '') return null;
  const discount = await deps.discounts.findByCode(storeId, wanted);
  const refusal = discountRefusal(discount, {
    now: deps.clock(),
    currency,
    subtotal: lines.reduce((sum, line) => sum + line.unit_cents * line.quantity, 0),
    lines: lines.map((line) => ({ product_id: line.product_id, collection_ids: line.collection_ids })),
  });
  if (refusal !== null || !discount) throw validationFailed({ discount_code: [refusal ?? 'is not a valid discount code'] });
  if (discount.usage_limit !== null && discount.times_used >= discount.usage_limit) throw unavailableError(discount.code, 'spent')!;
  return discount;
}

/** The class the buyer asked for (it must be offered), or the cheapest one that ships there. */
function chosenOption(options: ShippingQuote[], wanted: number, country: string): ShippingQuote {
  if (wanted > 0) {
    const option = options.find((candidate) => candidate.shipping_class_id === wanted);
    if (!option) throw validationFailed({ shipping_class_id: [`does not ship these items to ${country}`] });
    return option;
  }
  if (options.length === 0)
    throw validationFailed({ 'address.country': [`is not a destination this store ships these items to (${country})`] });
  return options[0]!;
}
