import type { orders } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import type { OrderDocument } from '../infra/order.repository';
import { orderMessage } from './order-message';
import type { OrdersDeps } from './orders-deps';
import { storeZone } from '@commerce/store-zones';

/** The store's order; another store's is NOT_FOUND. */
export async function findOrder(deps: Pick<OrdersDeps, 'orders'>, storeId: number, orderId: number): Promise<OrderDocument> {
  const order = await deps.orders.findOne(storeId, orderId);
  if (!order) throw notFound('order');
  return order;
}

export async function getOrder(
  deps: Pick<OrdersDeps, 'orders' | 'zones' | 'storefront'>,
  storeId: number,
  orderId: number,
): Promise<orders.GetOrderResponse> {
  const [order, timeZone] = await Promise.all([findOrder(deps, storeId, orderId), storeZone(deps, storeId)]);
  return { order: orderMessage(order), time_zone: timeZone };
}
