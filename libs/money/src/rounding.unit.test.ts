import { roundedQuotient } from './rounding';

describe('roundedQuotient: half away from zero', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [0n, 7n, 0n],
    [9_999_000_000_000n * 999_999n, 1_000_000n, 9_998_990_001_000n],
  ])('%i / %i is %i', (numerator, denominator, expected) => {
    expect(roundedQuotient(numerator, denominator)).toBe(expected);
  });

  it('refuses a denominator that is not positive', () => {
    expect(() => roundedQuotient(1n, 0n)).toThrow(RangeError);
  });
});
