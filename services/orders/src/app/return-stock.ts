import type { Order } from '../domain/order';
import { stockLeftToReturn } from '../domain/refund';
import type { OrdersDeps } from './orders-deps';

/**
 * Gives back what a canceled or failed order held, and records that it is back: its stock to catalog, the whole
 * reservation (ReleaseStock of its checkout key) or, when refunds restocked part of it already, only the rest
 * (RestockLines, one key per order); and its discount code's use (docs/money.md#discount-codes, keyed by the order).
 * Each is done once, however often it is called. Throws when catalog cannot be reached; the sweep retries.
 */
export async function returnStock(
  deps: Pick<OrdersDeps, 'orders' | 'catalog' | 'redemptions'>,
  order: Pick<Order, 'store_id' | 'id' | 'saga_key' | 'items' | 'refunds'>,
): Promise<void> {
  const rest = stockLeftToReturn(order);
  if (rest === null) await deps.catalog.releaseStock(order.store_id, order.saga_key);
  else if (rest.length > 0) await deps.catalog.restockLines(order.store_id, `${order.saga_key}/canceled`, rest);
  await deps.redemptions.giveBack(order.store_id, order.id);
  await deps.orders.stockReturned(order.store_id, order.id);
}

/** The sweep's part: every order whose stock return a crash or an unreachable catalog left pending. */
export async function returnPendingStock(
  deps: Pick<OrdersDeps, 'orders' | 'catalog' | 'redemptions' | 'clock' | 'logger'>,
  olderThanMs: number,
): Promise<number> {
  const due = await deps.orders.stockReturnsDue(new Date(deps.clock().getTime() - olderThanMs), 100);
  let returned = 0;
  for (const order of due) {
    try {
      await returnStock(deps, order);
      returned++;
    } catch (error) {
      deps.logger.warn(
        { err: error, store_id: order.store_id, order_id: order.id },
        'stock of a canceled or failed order not returned yet; will retry',
      );
    }
  }
  return returned;
}
