import type { Order } from '../domain/order';
import type { OrdersDeps } from './orders-deps';

/**
 * Gives back what a canceled or failed order held: its stock to catalog (ReleaseStock of its checkout key: once,
 * however often it is called) and its discount code's use (docs/money.md#discount-codes: once, keyed by the order),
 * then records that both are back. Throws when catalog cannot be reached; the sweep retries.
 */
export async function returnStock(
  deps: Pick<OrdersDeps, 'orders' | 'catalog' | 'redemptions'>,
  order: Pick<Order, 'store_id' | 'id' | 'saga_key'>,
): Promise<void> {
  await deps.catalog.releaseStock(order.store_id, order.saga_key);
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
