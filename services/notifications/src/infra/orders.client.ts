import { presentOrder } from '@commerce/api-presenters';
import type { orders } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { OrdersPort } from '../app/notifications-deps';

type OrderRpc = Pick<ServiceClient<orders.OrdersServiceClient>, 'getOrder'>;

/** The order a refund or a changed shipment names, rendered as the API renders it (the templates' `order`). */
export class OrdersClient implements OrdersPort {
  constructor(private readonly orders: OrderRpc) {}

  async orderJson(storeId: number, orderId: number): Promise<Record<string, unknown> | null> {
    try {
      const { order, time_zone } = await this.orders.getOrder({ store_id: storeId, order_id: orderId });
      return order ? (presentOrder(order, time_zone) as unknown as Record<string, unknown>) : null;
    } catch (error) {
      if (isRemoteError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}
