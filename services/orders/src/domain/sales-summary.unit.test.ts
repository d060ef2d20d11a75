import { salesSummary, summaryRangeViolations, type PlacedSums } from './sales-summary';

const placed = (overrides: Partial<PlacedSums>): PlacedSums => ({
  currency: 'USD',
  pricesIncludeTax: false,
  day: 0,
  count: 1,
  subtotal: 0,
  discounts: 0,
  shipping: 0,
  tax: 0,
  shippingTax: 0,
  ...overrides,
});

describe('sales figures (docs/orders.md#sales-summary)', () => {
  it('adds up gross - discounts + shipping + taxes - refunds, per day, the totals equal to the orders less refunds', () => {
    const summary = salesSummary(
      'USD',
      ['2026-03-01', '2026-03-02'],
      [
        placed({ day: 0, count: 2, subtotal: 5000, discounts: 500, shipping: 1000, tax: 450 }),
        placed({ day: 1, subtotal: 1000, shipping: 500, tax: 100, shippingTax: 0 }),
      ],
      [{ currency: 'USD', day: 1, amount: 700 }],
    );

    const totals = { currency: 'USD', orders_count: 3, gross_sales: 6000, discounts: 500, shipping: 1500, taxes: 550, refunds: 700 };
    expect(summary.totals).toEqual({ ...totals, total_sales: 6000 - 500 + 1500 + 550 - 700 });
    expect(summary.by_currency).toEqual([summary.totals]);
    expect(summary.by_day.map(({ date, sales }) => [date, sales.orders_count, sales.total_sales])).toEqual([
      ['2026-03-01', 2, 5950],
      ['2026-03-02', 1, 900],
    ]);
  });

  it('takes the tax that prices including tax hold out of gross sales and shipping, so total sales add it once', () => {
    // 11.90 with 19% inside (1.90), shipping 5.95 with 0.95 inside: the order's total is 17.85.
    const summary = salesSummary(
      'EUR',
      ['2026-03-01'],
      [placed({ currency: 'EUR', pricesIncludeTax: true, subtotal: 1190, shipping: 595, tax: 285, shippingTax: 95 })],
      [],
    );

    expect(summary.totals).toEqual({
      currency: 'EUR',
      orders_count: 1,
      gross_sales: 1000,
      discounts: 0,
      shipping: 500,
      taxes: 285,
      refunds: 0,
      total_sales: 1785,
    });
  });

  it("keeps each currency's figures apart: the store's first (zeros when none), the others by code; orders counted in all", () => {
    const summary = salesSummary(
      'EUR',
      ['2026-03-01'],
      [placed({ currency: 'USD', subtotal: 100 }), placed({ currency: 'CAD', subtotal: 300 })],
      [{ currency: 'USD', day: 0, amount: 40 }],
    );

    expect(summary.by_currency.map((figures) => [figures.currency, figures.orders_count, figures.total_sales])).toEqual([
      ['EUR', 0, 0],
      ['CAD', 1, 300],
      ['USD', 1, 60],
    ]);
    expect(summary.totals).toMatchObject({ currency: 'EUR', orders_count: 2, total_sales: 0 });
    expect(summary.by_day[0]!.sales).toMatchObject({ currency: 'EUR', orders_count: 2, refunds: 0, total_sales: 0 });
  });

  it('refuses a range without an end, reversed, or longer than 366 days', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const days = (n: number) => new Date(from.getTime() + n * 24 * 60 * 60 * 1000);

    expect(summaryRangeViolations(undefined, from)).toEqual({ created_at_min: ["can't be blank"] });
    expect(summaryRangeViolations(from, new Date(from.getTime() - 1))).toEqual({ created_at_max: ['must be at or after created_at_min'] });
    expect(summaryRangeViolations(from, days(366))).toEqual({});
    expect(summaryRangeViolations(from, new Date(days(366).getTime() + 1))).toEqual({
      created_at_max: ['must be at most 366 days after created_at_min'],
    });
  });
});
