import type { orders } from '@commerce/contracts';
import { cancel } from '../domain/order-transitions';
import { changeStatus } from './change-status';
import type { OrdersDeps } from './orders-deps';
import { returnStock } from './return-stock';

/**
 * Open or on hold with nothing shipped → canceled (order/canceled); the stock goes back to catalog and the discount
 * code's use to the code.
 * The cancel is written first with stock_return 'pending'; if catalog cannot be reached now, the sweep
 * gives the stock back later (the answer is the canceled order either way).
 */
export async function cancelOrder(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'catalog' | 'redemptions' | 'storefront' | 'clock' | 'queue' | 'logger'>,
  storeId: number,
  orderId: number,
): Promise<orders.CancelOrderResponse> {
  const { order, time_zone, written } = await changeStatus(deps, storeId, orderId, cancel, 'order/canceled');
  try {
    await returnStock(deps, written);
  } catch (error) {
    deps.logger.warn({ err: error, store_id: storeId, order_id: orderId }, 'stock of a canceled order not returned yet; the sweep will');
  }
  return { order, time_zone };
}
