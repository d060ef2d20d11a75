import type { orders } from '@commerce/contracts';
import { reopen } from '../domain/order-transitions';
import { changeStatus } from './change-status';
import type { OrdersDeps } from './orders-deps';

/** On hold or shipped → open (order/opened). */
export async function openOrder(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront' | 'clock' | 'queue'>,
  storeId: number,
  orderId: number,
): Promise<orders.OpenOrderResponse> {
  const { order, time_zone } = await changeStatus(deps, storeId, orderId, reopen, 'order/opened');
  return { order, time_zone };
}
