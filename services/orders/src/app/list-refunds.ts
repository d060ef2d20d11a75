import type { orders } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import { refundsOf } from '../domain/refund';
import { findOrder } from './get-order';
import { refundMessage } from './order-message';
import type { OrdersDeps } from './orders-deps';

/** GET /v1/orders/:id/refunds: the order's refunds, oldest first; another store's order is NOT_FOUND. */
export async function listRefunds(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront'>,
  storeId: number,
  orderId: number,
): Promise<orders.ListRefundsResponse> {
  const [order, timeZone] = await Promise.all([findOrder(deps, storeId, orderId), storeZone(deps, storeId)]);
  return { refunds: refundsOf(order).map((refund) => refundMessage(order, refund)), time_zone: timeZone };
}
