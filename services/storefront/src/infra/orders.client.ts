import type { orders } from '@commerce/contracts';
import { GrpcStatus, isRemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import type { OrdersPort } from '../app/storefront-deps';
import { DEFAULT_CURRENCY } from '@commerce/money';
import type { OrderSummary } from '../domain/order-summary';

type OrdersRpc = Pick<ServiceClient<orders.OrdersServiceClient>, 'getOrder'>;

/** The orders service's GetOrder behind the confirmation page's port (STOREFRONT_BACKEND_DEADLINE_MS, the client's deadline, applies). */
export class OrdersClient implements OrdersPort {
  constructor(private readonly orders: OrdersRpc) {}

  async orderOf(storeId: number, orderId: number): Promise<OrderSummary | null> {
    try {
      const { order } = await this.orders.getOrder({ store_id: storeId, order_id: orderId });
      return order ? summaryOf(order) : null;
    } catch (error) {
      if (isRemoteError(error) && error.code === GrpcStatus.NOT_FOUND) return null;
      throw error;
    }
  }
}

function summaryOf(order: orders.Order): OrderSummary {
  const address = order.address;
  return {
    id: order.id,
    status: order.status,
    email: order.email,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    discounts: order.discounts,
    total: order.total,
    currency: order.currency || DEFAULT_CURRENCY,
    paid: order.paid_at !== undefined,
    created_at: order.created_at ?? null,
    user_note: order.user_note ?? '',
    shipping_class_name: order.shipping_class_name,
    address: {
      name: address?.name ?? '',
      address_1: address?.address_1 ?? '',
      address_2: address?.address_2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      postal: address?.postal ?? '',
      country: address?.country ?? '',
    },
    items: order.items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      variant_id: item.variant_id,
      variant_name: item.variant_name,
      sku: item.sku ?? '',
      quantity: item.quantity,
      list_price: item.list_price,
      price_in_cents: item.price_in_cents,
    })),
  };
}
