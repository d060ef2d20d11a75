// Sales figures of a range of orders (docs/orders.md#sales-summary), pure: the range's rule, and the figures from the
// sums the database made per currency, tax mode and day. Money in integer minor units of each currency.

export const SUMMARY_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The orders of one currency, tax mode and day, summed by the database: the order fields as stored. */
export interface PlacedSums {
  currency: string;
  pricesIncludeTax: boolean;
  /** The index of the local day (storeDays' dates). */
  day: number;
  count: number;
  subtotal: number;
  discounts: number;
  shipping: number;
  tax: number;
  shippingTax: number;
}

/** The succeeded refunds made on one day, of orders in one currency. */
export interface RefundSums {
  currency: string;
  day: number;
  amount: number;
}

export interface SalesFigures {
  currency: string;
  orders_count: number;
  gross_sales: number;
  discounts: number;
  shipping: number;
  taxes: number;
  refunds: number;
  total_sales: number;
}

export interface SalesSummary {
  totals: SalesFigures;
  by_currency: SalesFigures[];
  by_day: Array<{ date: string; sales: SalesFigures }>;
}

/** Violations of a summary's range: both ends required, in order, at most 366 days apart. */
export function summaryRangeViolations(from: Date | undefined, to: Date | undefined): Record<string, string[]> {
  const violations: Record<string, string[]> = {};
  if (!from) violations.created_at_min = ["can't be blank"];
  if (!to) violations.created_at_max = ["can't be blank"];
  if (!from || !to) return violations;
  if (to < from) violations.created_at_max = ['must be at or after created_at_min'];
  else if (to.getTime() - from.getTime() > SUMMARY_MAX_DAYS * DAY_MS)
    violations.created_at_max = [`must be at most ${SUMMARY_MAX_DAYS} days after created_at_min`];
  return violations;
}

const zero = (currency: string): SalesFigures => ({
  currency,
  orders_count: 0,
  gross_sales: 0,
  discounts: 0,
  shipping: 0,
  taxes: 0,
  refunds: 0,
  total_sales: 0,
});

/**
 * Adds one group of orders. Prices that include tax hold it in the subtotal (the items' tax) and in the shipping (its
 * tax): it is taken out of both, so that total sales = gross sales - discounts + shipping + taxes - refunds adds it once,
 * and the orders' totals less their refunds are what total sales come to.
 */
function addPlaced(figures: SalesFigures, sums: PlacedSums): void {
  const itemsTax = sums.pricesIncludeTax ? sums.tax - sums.shippingTax : 0;
  const shippingTax = sums.pricesIncludeTax ? sums.shippingTax : 0;
  figures.orders_count += sums.count;
  figures.gross_sales += sums.subtotal - itemsTax;
  figures.discounts += sums.discounts;
  figures.shipping += sums.shipping - shippingTax;
  figures.taxes += sums.tax;
  figures.total_sales = totalSales(figures);
}

function addRefunds(figures: SalesFigures, amount: number): void {
  figures.refunds += amount;
  figures.total_sales = totalSales(figures);
}

const totalSales = (f: SalesFigures): number => f.gross_sales - f.discounts + f.shipping + f.taxes - f.refunds;

/**
 * The summary: `totals` and `by_day` in the store's currency with the orders of every currency counted; `by_currency`
 * the store's currency first (zeros when it has nothing), then each other currency with orders or refunds, by code.
 */
export function salesSummary(storeCurrency: string, dates: readonly string[], placed: PlacedSums[], refunds: RefundSums[]): SalesSummary {
  const byCurrency = new Map<string, SalesFigures>([[storeCurrency, zero(storeCurrency)]]);
  const figuresOf = (currency: string) => byCurrency.get(currency) ?? byCurrency.set(currency, zero(currency)).get(currency)!;
  const byDay = dates.map((date) => ({ date, sales: zero(storeCurrency) }));
  let ordersCount = 0;
  for (const sums of placed) {
    addPlaced(figuresOf(sums.currency), sums);
    ordersCount += sums.count;
    const day = byDay[sums.day].sales;
    if (sums.currency === storeCurrency) addPlaced(day, sums);
    else day.orders_count += sums.count;
  }
  for (const sums of refunds) {
    addRefunds(figuresOf(sums.currency), sums.amount);
    if (sums.currency === storeCurrency) addRefunds(byDay[sums.day].sales, sums.amount);
  }
  const store = byCurrency.get(storeCurrency)!;
  const others = [...byCurrency.values()].filter((figures) => figures !== store).sort((a, b) => (a.currency < b.currency ? -1 : 1));
  return { totals: { ...store, orders_count: ordersCount }, by_currency: [store, ...others], by_day: byDay };
}
