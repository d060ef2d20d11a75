import { orders } from '@commerce/contracts';
import { presentSalesSummary, salesSummaryJson } from './sales-summary.presenter';

const figures = (currency: string, overrides: Partial<orders.SalesFigures> = {}) =>
  orders.SalesFigures.fromPartial({
    currency,
    orders_count: 3,
    gross_sales: 430000,
    discounts: 10000,
    shipping: 19000,
    taxes: 42000,
    refunds: 221500,
    total_sales: 259500,
    ...overrides,
  });

describe('presentSalesSummary (docs/orders.md#sales-summary)', () => {
  it("renders the range in the store's zone and every amount as a decimal string of its currency", () => {
    const rendered = presentSalesSummary(
      orders.SummarizeOrdersResponse.fromPartial({
        totals: figures('USD', { orders_count: 4 }),
        by_currency: [figures('USD'), figures('JPY', { orders_count: 1, gross_sales: 1500, total_sales: -500 })],
        by_day: [{ date: '2026-03-01', sales: figures('USD', { refunds: 0, total_sales: 481000 }) }, { date: '2026-03-02' }],
        time_zone: 'America/New_York',
        created_at_min: new Date('2026-03-01T05:00:00Z'),
        created_at_max: new Date('2026-03-03T04:59:59Z'),
      }),
    );

    expect(rendered).toEqual({
      created_at_min: '2026-03-01T00:00:00-05:00',
      created_at_max: '2026-03-02T23:59:59-05:00',
      currency: 'USD',
      orders_count: 4,
      gross_sales: '4300.00',
      discounts: '100.00',
      shipping: '190.00',
      taxes: '420.00',
      refunds: '2215.00',
      total_sales: '2595.00',
      by_currency: [
        expect.objectContaining({ currency: 'USD', orders_count: 3, gross_sales: '4300.00' }),
        expect.objectContaining({ currency: 'JPY', orders_count: 1, gross_sales: '1500', total_sales: '-500' }),
      ],
      by_day: [
        expect.objectContaining({ date: '2026-03-01', orders_count: 3, refunds: '0.00', total_sales: '4810.00' }),
        {
          date: '2026-03-02',
          orders_count: 0,
          gross_sales: '0.00',
          discounts: '0.00',
          shipping: '0.00',
          taxes: '0.00',
          refunds: '0.00',
          total_sales: '0.00',
        },
      ],
    });
    expect(salesSummaryJson.safeParse(rendered).error?.issues ?? []).toEqual([]);
  });
});
