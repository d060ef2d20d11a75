import { decimalNumber, DEFAULT_CURRENCY } from '@commerce/money';

/**
 * Integer minor units → the spec's decimal `price` as a JSON number in the store's currency (docs/money.md#currency):
 * 1999 → 19.99 in USD, 1999 in JPY, 1.999 in KWD. The number is parsed from the exact decimal string, so JSON shows
 * the currency's places at most and never 19.990000000000002. A context kept before currencies (none named) is USD.
 */
export function centsToPrice(cents: number, currency: string | undefined): number {
  return decimalNumber(cents, currency || DEFAULT_CURRENCY);
}
