import { decimalNumber, decimalString, isCurrencyCode, minorUnitDigits } from './currency';

describe('currencies', () => {
  it('knows the ISO 4217 codes, upper case only', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('JPY')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('')).toBe(false);
  });

  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
  ])('%s has %i decimals', (code, digits) => {
    expect(minorUnitDigits(code)).toBe(digits);
  });

  it('refuses an unknown code rather than guessing', () => {
    expect(() => minorUnitDigits('ZZZ')).toThrow(RangeError);
  });

  it.each([
    [12345, 'USD', '123.45'],
    [5, 'USD', '0.05'],
    [-5, 'USD', '-0.05'],
    [0, 'USD', '0.00'],
    [12345, 'JPY', '12345'],
    [12345, 'KWD', '12.345'],
    [7, 'KWD', '0.007'],
    [1_000_000_000, 'USD', '10000000.00'],
  ])('%i minor units of %s read %s', (minor, code, text) => {
    expect(decimalString(minor, code)).toBe(text);
  });

  it("renders the decimal as a number for the spec's product price", () => {
    expect(decimalNumber(1999, 'USD')).toBe(19.99);
    expect(decimalNumber(1999, 'JPY')).toBe(1999);
    expect(decimalNumber(1999, 'KWD')).toBe(1.999);
  });
});
