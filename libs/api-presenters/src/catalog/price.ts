/**
 * Integer cents → the spec's decimal `price` as a JSON number (1999 → 19.99). Dividing an integer by
 * 100 gives the double nearest the decimal, the same one the literal 19.99 parses to, so JSON shows
 * exactly two places at most and never 19.990000000000002.
 */
export function centsToPrice(cents: number): number {
  return cents / 100;
}
