/**
 * What a cart costs (docs/money.md#how-a-cart-is-priced): its lines, the discount a code takes, the shipping, the tax
 * and the total. The checkout quote and the order checkout writes both call `priceCart`, so a placed order always
 * equals the quote for the same input. Pure: integers in the currency's minor unit in, the same out.
 *
 * Rules, in the order they apply:
 * 1. A line's amount is its unit price × quantity; the subtotal is their sum (before discounts).
 * 2. A `percentage` code takes its percent of the lines it applies to, rounded to the minor unit; a `fixed_amount`
 *    code takes its amount, at most those lines' sum. The discount is shared among those lines in proportion to their
 *    amounts, by largest remainder, so the shares sum exactly to the order's `discounts`. A `free_shipping` code
 *    waives the chosen shipping instead (`shipping_discount`; `shipping` is then 0).
 * 3. Tax is per line, after the line's discount, rounded half away from zero to the minor unit; shipping is taxed
 *    when the rate says so. With prices that include tax the line's tax is the part of its discounted amount that
 *    is tax (amount × rate / (1 + rate)), and the total does not add it again.
 * 4. total = subtotal − discounts + shipping + tax (tax added only when prices exclude it).
 */

import { roundedQuotient } from '@commerce/money';
import { appliesToLine } from './discount';

/** A line of the cart, priced by catalog. */
export interface CartLine {
  product_id: number;
  /** The collections the product is in (a code restricted to collections applies through them). */
  collection_ids: number[];
  unit_price: number;
  quantity: number;
  taxable: boolean;
}

/** What a discount code takes, once it was found valid for the cart. */
export interface DiscountTerms {
  kind: 'percentage' | 'fixed_amount' | 'free_shipping';
  /** percentage: 1250 = 12.5 %. */
  percent_bp: number;
  /** fixed_amount: minor units. */
  amount: number;
  /** Empty, with collection_ids empty: every line. */
  product_ids: number[];
  collection_ids: number[];
}

/** The tax rate for the shipping address (docs/money.md#tax-rates), or none. */
export interface TaxTerms {
  /** Parts per million: 8.875 % = 88,750. */
  rate_ppm: number;
  applies_to_shipping: boolean;
}

export interface Cart {
  lines: readonly CartLine[];
  /** The chosen shipping's price. */
  shipping: number;
  discount: DiscountTerms | null;
  tax: TaxTerms | null;
  pricesIncludeTax: boolean;
}

export interface PricedLine {
  /** unit_price × quantity. */
  amount: number;
  /** This line's share of the order's discounts. */
  discount: number;
  tax: number;
}

export interface PricedCart {
  /** In the cart's order. */
  lines: PricedLine[];
  subtotal: number;
  /** The sum of the lines' discounts. */
  discounts: number;
  /** The shipping charged: the chosen price less `shipping_discount`. */
  shipping: number;
  /** What a free-shipping code waived. */
  shipping_discount: number;
  /** The tax on shipping (part of `tax`). */
  shipping_tax: number;
  /** The lines' tax plus shipping's. */
  tax: number;
  total: number;
}

const PPM = 1_000_000n;
const BASIS_POINTS = 10_000n;

/**
 * `total` split over `weights` in proportion, in whole units, summing exactly to `total`: each gets the floor of its
 * exact share, and the units left go one each to the largest remainders (the earlier line on a tie).
 */
export function shareByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const whole = BigInt(total);
  const all = BigInt(sum);
  const exact = weights.map((weight) => whole * BigInt(weight));
  const shares = exact.map((part) => part / all);
  let left = total - shares.reduce((a, b) => a + Number(b), 0);
  const byRemainder = exact
    .map((part, index) => ({ index, remainder: part % all }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/** The discount a code takes from the lines it applies to (rule 2), before it is shared. */
function discountTotal(discount: DiscountTerms | null, eligible: number): number {
  if (!discount || eligible === 0) return 0;
  if (discount.kind === 'percentage') return Number(roundedQuotient(BigInt(eligible) * BigInt(discount.percent_bp), BASIS_POINTS));
  if (discount.kind === 'fixed_amount') return Math.min(discount.amount, eligible);
  return 0;
}

/** The tax on an amount (rule 3): added on top, or the part of it that is tax when prices include it. */
export function taxOn(amount: number, ratePpm: number, pricesIncludeTax: boolean): number {
  if (amount <= 0 || ratePpm <= 0) return 0;
  const rate = BigInt(ratePpm);
  return Number(roundedQuotient(BigInt(amount) * rate, pricesIncludeTax ? PPM + rate : PPM));
}

export function priceCart(cart: Cart): PricedCart {
  const amounts = cart.lines.map((line) => line.unit_price * line.quantity);
  const subtotal = amounts.reduce((a, b) => a + b, 0);

  const discount = cart.discount;
  const eligibleWeights = cart.lines.map((line, index) => (discount && appliesToLine(discount, line) ? amounts[index]! : 0));
  const discounts = discountTotal(
    discount,
    eligibleWeights.reduce((a, b) => a + b, 0),
  );
  const shares = shareByWeight(discounts, eligibleWeights);

  const shippingDiscount = discount?.kind === 'free_shipping' ? cart.shipping : 0;
  const shipping = cart.shipping - shippingDiscount;

  const ratePpm = cart.tax?.rate_ppm ?? 0;
  const lines = cart.lines.map((line, index): PricedLine => {
    const amount = amounts[index]!;
    const lineDiscount = shares[index]!;
    const tax = line.taxable ? taxOn(amount - lineDiscount, ratePpm, cart.pricesIncludeTax) : 0;
    return { amount, discount: lineDiscount, tax };
  });
  const shippingTax = cart.tax?.applies_to_shipping ? taxOn(shipping, ratePpm, cart.pricesIncludeTax) : 0;
  const tax = lines.reduce((sum, line) => sum + line.tax, 0) + shippingTax;
  const total = subtotal - discounts + shipping + (cart.pricesIncludeTax ? 0 : tax);
  return { lines, subtotal, discounts, shipping, shipping_discount: shippingDiscount, shipping_tax: shippingTax, tax, total };
}
