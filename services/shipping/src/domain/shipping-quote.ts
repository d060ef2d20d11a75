import type { FieldViolations } from '@commerce/grpc-runtime';
import { isCountryCode, normaliseCountryCode } from './country-codes';
import { findRate, type ShippingClassRecord, type ShippingRateRecord, type StoreShipping } from './store-shipping';

export interface QuoteLineInput {
  product_id: number;
  /** 0 when the product has no group: it matches no rate, so nothing can ship it. */
  shipping_group_id: number;
  quantity: number;
}

export interface ClassQuote {
  shipping_class_id: number;
  shipping_class_name: string;
  total_cents: number;
}

// With MAX_CENTS these keep every total a safe integer (500 × 100000 × 1e8 < 2^53).
export const MAX_QUOTE_LINES = 500;
export const MAX_LINE_QUANTITY = 100_000;

/** Destination (normalised) and lines of a quote request, or the fields that are wrong. */
export function checkQuoteRequest(country: string, lines: QuoteLineInput[]): { country: string; violations: FieldViolations } {
  const violations: FieldViolations = {};
  const destination = normaliseCountryCode(country);
  if (destination === '') violations.country = ["can't be blank"];
  else if (!isCountryCode(destination)) violations.country = ['must be an ISO 3166-1 alpha-2 country code'];
  if (lines.length === 0) violations.lines = ["can't be empty"];
  if (lines.length > MAX_QUOTE_LINES) violations.lines = [`must have at most ${MAX_QUOTE_LINES} items`];
  lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) violations[`lines[${index}].quantity`] = ['must be at least 1'];
    else if (line.quantity > MAX_LINE_QUANTITY) violations[`lines[${index}].quantity`] = [`must be at most ${MAX_LINE_QUANTITY}`];
    if (!Number.isSafeInteger(line.shipping_group_id) || line.shipping_group_id < 0)
      violations[`lines[${index}].shipping_group_id`] = ['must be at least 0'];
  });
  return { country: destination, violations };
}

/**
 * The classes that can ship every line to `country`, cheapest first (then by class id), priced per group:
 * the group's first-item price once and its additional-item price for the rest of its units, summed over the
 * groups. A class is offered only when it ships to the country and has a rate with every group among the lines.
 */
export function quoteShipping(shipping: StoreShipping, country: string, lines: QuoteLineInput[]): ClassQuote[] {
  const unitsByGroup = new Map<number, number>();
  for (const line of lines) unitsByGroup.set(line.shipping_group_id, (unitsByGroup.get(line.shipping_group_id) ?? 0) + line.quantity);

  const quotes: ClassQuote[] = [];
  for (const cls of shipping.classes) {
    if (!cls.countries.includes(country)) continue;
    const total = classTotal(shipping, cls, unitsByGroup);
    if (total !== undefined) quotes.push({ shipping_class_id: cls.id, shipping_class_name: cls.name, total_cents: total });
  }
  return quotes.sort((a, b) => a.total_cents - b.total_cents || a.shipping_class_id - b.shipping_class_id);
}

/** The class's price for these units, or undefined when one of their groups has no rate with it. */
function classTotal(shipping: StoreShipping, cls: ShippingClassRecord, unitsByGroup: Map<number, number>): number | undefined {
  const priced: Array<{ rate: ShippingRateRecord; units: number }> = [];
  for (const [groupId, units] of unitsByGroup) {
    const rate = groupId > 0 ? findRate(shipping, groupId, cls.id) : undefined;
    if (!rate) return undefined;
    priced.push({ rate, units });
  }
  return totalCents(priced);
}

/**
 * Per group (the rule): the group's first-item price once, its additional-item price for each further
 * unit; the class's total is the sum over the groups among the lines.
 */
export function totalCents(
  priced: Array<{ rate: Pick<ShippingRateRecord, 'first_item_in_cents' | 'additional_item_in_cents'>; units: number }>,
): number {
  return priced.reduce(
    (sum, { rate, units }) => (units > 0 ? sum + rate.first_item_in_cents + (units - 1) * rate.additional_item_in_cents : sum),
    0,
  );
}
