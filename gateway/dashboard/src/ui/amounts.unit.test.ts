import { decimalOf, minorUnitsOf } from './amounts';

describe('amounts in the currency', () => {
  it('reads a decimal into minor units with the currency’s decimals', () => {
    expect(minorUnitsOf('12.5', 'USD')).toBe(1250);
    expect(minorUnitsOf(' 12.50 ', 'USD')).toBe(1250);
    expect(minorUnitsOf('7', 'USD')).toBe(700);
    expect(minorUnitsOf('1999', 'JPY')).toBe(1999);
    expect(minorUnitsOf('1999.00', 'JPY')).toBe(1999);
    expect(minorUnitsOf('1.5', 'KWD')).toBe(1500);
  });

  it('refuses what is no amount, or more decimals than the currency has', () => {
    expect(minorUnitsOf('twelve', 'USD')).toEqual({ problem: 'must be an amount such as 12.50' });
    expect(minorUnitsOf('-1', 'USD')).toEqual({ problem: 'must be an amount such as 12.50' });
    expect(minorUnitsOf('1.999', 'USD')).toEqual({ problem: 'has more decimal places than USD allows (2)' });
    expect(minorUnitsOf('19.5', 'JPY')).toEqual({ problem: 'has more decimal places than JPY allows (0)' });
  });

  it('writes minor units back as the owner types them', () => {
    expect(decimalOf(1250, 'USD')).toBe('12.50');
    expect(decimalOf(1999, 'JPY')).toBe('1999');
  });
});
