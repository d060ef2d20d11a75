import { z } from 'zod';
import type { orders } from '@commerce/contracts';
import { timestamp } from '../answer-schema';
import { formatTimestamp } from '../timestamp';
import { centsToDecimalString } from './order.presenter';

const money = (description: string) =>
  z.string().meta({ description: `${description}, a decimal string in the currency`, examples: ['125.40'] });

/** The figures of docs/orders.md#sales-summary: a count, and money as decimal strings of one currency. */
const figures = {
  orders_count: z.number().int().meta({ description: 'orders placed in the range, not pending and not failed' }),
  gross_sales: money("the items' prices times their quantities, before discounts (without the tax prices including tax hold)"),
  discounts: money('what discount codes took off the items'),
  shipping: money('shipping charged (without the tax prices including tax hold)'),
  taxes: money('tax charged'),
  refunds: money('refunds made in the range, of orders placed at any time'),
  total_sales: money('gross_sales - discounts + shipping + taxes - refunds'),
};

export const salesFiguresJson = z
  .strictObject({ currency: z.string().meta({ description: 'ISO 4217', examples: ['USD'] }), ...figures })
  .meta({ id: 'SalesFigures' });

export const salesSummaryJson = z
  .strictObject({
    created_at_min: timestamp(),
    created_at_max: timestamp(),
    currency: z.string().meta({ description: "the store's currency now (ISO 4217): the figures' currency", examples: ['USD'] }),
    ...figures,
    by_currency: z.array(salesFiguresJson).meta({
      description: "the store's currency first, then each other currency orders of the range were placed in, by code",
    }),
    by_day: z
      .array(z.strictObject({ date: z.string().meta({ description: 'YYYY-MM-DD', examples: ['2026-03-01'] }), ...figures }))
      .meta({ description: "each day of the range in the store's time zone, oldest first, in the store's currency" }),
  })
  .meta({ id: 'SalesSummary' });

export type SalesSummaryJson = z.infer<typeof salesSummaryJson>;
type FiguresJson = Omit<z.infer<typeof salesFiguresJson>, 'currency'>;

function presentFigures(sales: orders.SalesFigures | undefined, currency: string): FiguresJson {
  const amount = (minor: number | undefined) => centsToDecimalString(minor ?? 0, currency);
  return {
    orders_count: sales?.orders_count ?? 0,
    gross_sales: amount(sales?.gross_sales),
    discounts: amount(sales?.discounts),
    shipping: amount(sales?.shipping),
    taxes: amount(sales?.taxes),
    refunds: amount(sales?.refunds),
    total_sales: amount(sales?.total_sales),
  };
}

/** GET /v1/orders/summary (docs/orders.md#sales-summary): the range in the store's zone, every amount in its currency's decimals. */
export function presentSalesSummary(summary: orders.SummarizeOrdersResponse): SalesSummaryJson {
  const currency = summary.totals!.currency;
  return {
    created_at_min: formatTimestamp(summary.created_at_min!, summary.time_zone),
    created_at_max: formatTimestamp(summary.created_at_max!, summary.time_zone),
    currency,
    ...presentFigures(summary.totals, currency),
    by_currency: summary.by_currency.map((sales) => ({ currency: sales.currency, ...presentFigures(sales, sales.currency) })),
    by_day: summary.by_day.map(({ date, sales }) => ({ date, ...presentFigures(sales, currency) })),
  };
}
