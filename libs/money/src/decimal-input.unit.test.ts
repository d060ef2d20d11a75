import { minorUnitsOf, NOT_A_DECIMAL } from './decimal-input';

describe('minorUnitsOf', () => {
  it.each([
    ['19.99', 'USD', 1999],
    ['19.9', 'USD', 1990],
    ['5', 'USD', 500],
    ['5.', 'USD', 500],
    ['.5', 'USD', 50],
    ['0', 'USD', 0],
    ['0.10', 'USD', 10],
    [' 12.50 ', 'USD', 1250],
    ['19.990000', 'USD', 1999],
    ['007.05', 'USD', 705],
    ['1999', 'JPY', 1999],
    ['1999.0', 'JPY', 1999],
    ['5.00', 'JPY', 5],
    ['1.5', 'KWD', 1500],
    ['1.999', 'KWD', 1999],
    ['0.001', 'KWD', 1],
    ['10000000', 'USD', 1_000_000_000],
  ])('reads %p in %s as %i minor units', (text, currency, minor) => {
    expect(minorUnitsOf(text, currency)).toBe(minor);
  });

  it('reads digits, not a float: 0.29, 1.15 and 4.35 USD are exact', () => {
    expect(['0.29', '1.15', '4.35', '8.20'].map((text) => minorUnitsOf(text, 'USD'))).toEqual([29, 115, 435, 820]);
  });

  it.each([
    ['19.5', 'JPY', 0],
    ['19.999', 'USD', 2],
    ['0.001', 'USD', 2],
    ['1.0001', 'KWD', 3],
  ])('refuses %p in %s: more decimals than the currency has, never rounded', (text, currency, digits) => {
    expect(minorUnitsOf(text, currency)).toEqual({ problem: `has more decimal places than ${currency} allows (${digits})` });
  });

  it.each(['-1', '-0.5', ' -19.99'])('refuses the negative %p', (text) => {
    expect(minorUnitsOf(text, 'USD')).toEqual({ problem: 'must be at least 0' });
  });

  it.each([
    ['an exponent', '1e3'],
    ['a blank', ' '],
    ['nothing', ''],
    ['a lone point', '.'],
    ['a lone minus', '-'],
    ['a plus sign', '+5'],
    ['a word', 'free'],
    ['a decimal comma', '19,99'],
    ['thousands separators', '1,999'],
    ['two points', '1.2.3'],
    ['a space inside', '19 .99'],
    ['hex', '0x10'],
    ['Infinity', 'Infinity'],
    ['NaN', 'NaN'],
    ['full-width digits', '１９'],
    ['a currency symbol', '$19.99'],
  ])('refuses %s as not a decimal', (_what, text) => {
    expect(minorUnitsOf(text, 'USD')).toEqual({ problem: NOT_A_DECIMAL });
  });

  it('refuses an amount past a safe integer however long, without converting it', () => {
    expect(minorUnitsOf('90071992547409.92', 'USD')).toEqual({ problem: 'is too large' });
    expect(minorUnitsOf('9'.repeat(100_000), 'JPY')).toEqual({ problem: 'is too large' });
    expect(minorUnitsOf(`1.${'0'.repeat(100_000)}`, 'USD')).toBe(100);
    expect(minorUnitsOf(`${'0'.repeat(100)}1`, 'KWD')).toBe(1000);
    expect(minorUnitsOf('90071992547409.91', 'USD')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses an unknown currency as a caller bug', () => {
    expect(() => minorUnitsOf('1', 'ZZZ')).toThrow(RangeError);
  });
});
