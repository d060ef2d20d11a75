import { formatDecimal, formatMoney } from './format';

describe('money as the owner reads it', () => {
  it("counts minor units by the currency's own places", () => {
    expect(formatMoney(1234, 'USD')).toBe('$12.34');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(1234, 'KWD')).toBe('KWD\u00a01.234');
    expect(formatMoney(0, 'EUR')).toBe('€0.00');
  });

  it('shows the decimal strings the API gives in the same format', () => {
    expect(formatDecimal('12.50', 'USD')).toBe('$12.50');
    expect(formatDecimal('1234', 'JPY')).toBe('¥1,234');
  });
});
