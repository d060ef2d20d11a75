// The Home page's figures from a sales summary's days (docs/orders.md#sales-summary): the store's local days, added up
// exactly, in the decimals the API wrote.

/** One local day of `by_day`, as much of it as Home reads. */
export interface DaySales {
  date: string;
  orders_count: number;
  total_sales: string;
}

/** Several days' figures: the first and last date, the orders, and the total sales as a decimal string. */
export interface PeriodSales {
  from: string;
  to: string;
  orders_count: number;
  total_sales: string;
}

/**
 * The last `count` days of a summary's `by_day`, oldest first as the API answers them; the last is the store's today
 * when the range ends now.
 */
export function salesOfLastDays(byDay: readonly DaySales[], count: number): PeriodSales {
  const days = byDay.slice(-count);
  if (days.length === 0) throw new Error('The sales summary has no days.');
  return {
    from: days[0].date,
    to: days[days.length - 1].date,
    orders_count: days.reduce((sum, day) => sum + day.orders_count, 0),
    total_sales: addDecimals(days.map((day) => day.total_sales)),
  };
}

/** Decimal strings of one currency added digit by digit ("12.15" + "-0.05" → "12.10"): no binary fraction on the way. */
export function addDecimals(amounts: readonly string[]): string {
  const places = Math.max(0, ...amounts.map((amount) => amount.split('.')[1]?.length ?? 0));
  let sum = 0n;
  for (const amount of amounts) {
    const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
    if (!match) throw new Error(`The API sent an amount that is no decimal: ${amount}`);
    const units = BigInt(match[2] + (match[3] ?? '').padEnd(places, '0'));
    sum += match[1] ? -units : units;
  }
  const sign = sum < 0n ? '-' : '';
  const digits = (sum < 0n ? -sum : sum).toString().padStart(places + 1, '0');
  return places === 0 ? sign + digits : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
