import { formatDecimal, formatMoney, formatTime, offsetName } from './format';

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

describe('times as the owner reads them', () => {
  it("shows the store's wall clock the API wrote, named by its offset, whatever the machine's zone", () => {
    expect(formatTime('2026-03-08T03:30:00-04:00')).toBe('Mar 8, 2026, 3:30 AM UTC\u22124');
    expect(formatTime('2026-03-08T01:59:59-05:00')).toBe('Mar 8, 2026, 1:59 AM UTC\u22125');
    expect(formatTime('2026-03-01T00:00:00+14:00')).toBe('Mar 1, 2026, 12:00 AM UTC+14');
    expect(formatTime('2026-12-31T23:45:00.250+05:30')).toBe('Dec 31, 2026, 11:45 PM UTC+5:30');
  });

  it('says UTC for a time written in UTC, and shows what is no time as it is', () => {
    expect(formatTime('2026-03-08T07:30:00Z')).toBe('Mar 8, 2026, 7:30 AM UTC');
    expect(formatTime('2026-03-08T07:30:00+00:00')).toBe('Mar 8, 2026, 7:30 AM UTC');
    expect(formatTime(null)).toBe('—');
    expect(formatTime('soon')).toBe('soon');
  });

  it('names offsets as people do', () => {
    expect(offsetName('Z')).toBe('UTC');
    expect(offsetName('-09:30')).toBe('UTC\u22129:30');
    expect(offsetName('+0100')).toBe('UTC+1');
  });
});
