import type { orders } from '@commerce/contracts';
import { hold } from '../domain/order-transitions';
import { changeStatus } from './change-status';
import type { OrdersDeps } from './orders-deps';

/** Open or Partially Shipped → on hold (order/on_hold). */
export async function holdOrder(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront' | 'clock' | 'queue'>,
  storeId: number,
  orderId: number,
): Promise<orders.HoldOrderResponse> {
  const { order, time_zone } = await changeStatus(deps, storeId, orderId, hold, 'order/on_hold');
  return { order, time_zone };
}
