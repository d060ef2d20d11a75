/**
 * numerator / denominator rounded half away from zero, exactly, on BigInt (an amount times a rate passes 2^53): the
 * one rounding rule money uses (docs/money.md#how-a-cart-is-priced). The denominator must be positive.
 */
export function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('the denominator must be positive');
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -magnitude : magnitude;
}
