import { addDecimals, salesOfLastDays } from './sales-days';

const day = (date: string, orders: number, total: string) => ({ date, orders_count: orders, total_sales: total });

describe("Home's figures from the store's local days", () => {
  // Nine local days: a range of the last 8 days touches the day it starts in, cut, and today, cut at now.
  const byDay = [
    day('2026-03-01', 4, '999.99'),
    day('2026-03-02', 1, '0.10'),
    day('2026-03-03', 0, '0.00'),
    day('2026-03-04', 2, '0.20'),
    day('2026-03-05', 1, '-12.15'),
    day('2026-03-06', 3, '43.05'),
    day('2026-03-07', 0, '0.00'),
    day('2026-03-08', 1, '0.05'),
    day('2026-03-09', 2, '19.99'),
  ];

  it('reads today as the last day, and the last 7 days as today and the six before it', () => {
    expect(salesOfLastDays(byDay, 1)).toEqual({ from: '2026-03-09', to: '2026-03-09', orders_count: 2, total_sales: '19.99' });
    expect(salesOfLastDays(byDay, 7)).toEqual({ from: '2026-03-03', to: '2026-03-09', orders_count: 9, total_sales: '51.14' });
  });

  it('adds amounts exactly, where binary fractions would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(addDecimals(['0.05', '-0.10'])).toBe('-0.05');
    expect(addDecimals(['1250', '-3000'])).toBe('-1750');
    expect(addDecimals(['1.234', '0.766'])).toBe('2.000');
    expect(addDecimals(['90071992547409.91', '0.01'])).toBe('90071992547409.92');
    expect(addDecimals([])).toBe('0');
  });

  it('refuses what is no decimal', () => {
    expect(() => addDecimals(['12,50'])).toThrow('no decimal: 12,50');
    expect(() => salesOfLastDays([], 7)).toThrow('no days');
  });
});
