import type { orders } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { storeSettings } from '@commerce/store-zones';
import { salesSummary, summaryRangeViolations } from '../domain/sales-summary';
import { storeDays } from '../domain/store-days';
import type { OrdersDeps } from './orders-deps';

/**
 * The sales of the orders placed in a range (docs/orders.md#sales-summary): the days of the range in the store's zone,
 * two sums by the database (the orders, the refunds made in the range), then the figures per currency and per day.
 */
export async function summarizeOrders(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront'>,
  storeId: number,
  request: orders.SummarizeOrdersRequest,
): Promise<orders.SummarizeOrdersResponse> {
  const { created_at_min: from, created_at_max: to } = request;
  const violations = summaryRangeViolations(from, to);
  if (!from || !to || Object.keys(violations).length > 0) throw validationFailed(violations);
  const settings = await storeSettings(deps, storeId);
  const { dates, boundaries } = storeDays(from, to, settings.time_zone);
  const { placed, refunds } = await deps.orders.sales({ storeId, from, to, boundaries });
  const summary = salesSummary(settings.currency, dates, placed, refunds);
  return { ...summary, time_zone: settings.time_zone, created_at_min: from, created_at_max: to };
}
