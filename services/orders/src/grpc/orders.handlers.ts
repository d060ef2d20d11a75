import type { orders } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { calculateRefund } from '../app/calculate-refund';
import { cancelOrder } from '../app/cancel-order';
import { checkout } from '../app/checkout';
import { quoteCheckout } from '../app/quote-checkout';
import { createRefund } from '../app/create-refund';
import { getOrder } from '../app/get-order';
import { holdOrder } from '../app/hold-order';
import { listOrders } from '../app/list-orders';
import { listRefunds } from '../app/list-refunds';
import { openOrder } from '../app/open-order';
import { getOrderProducts, getOrderVariants } from '../app/order-lines';
import type { OrdersDeps } from '../app/orders-deps';
import type { RefundRequest } from '../domain/refund';
import { shipOrder } from '../app/ship-order';
import { summarizeOrders } from '../app/summarize-orders';
import { updateFulfillment } from '../app/update-fulfillment';

const EMPTY_ADDRESS: orders.OrderAddress = {
  name: '',
  address_1: '',
  address_2: '',
  city: '',
  postal: '',
  state: '',
  state_abbrev: '',
  country: '',
};

/** The refund CreateRefund makes and CalculateRefund prices, from the fields both take. */
const refundRequestOf = (request: orders.CreateRefundRequest | orders.CalculateRefundRequest): RefundRequest => ({
  amount: request.amount ?? null,
  items: request.items.map(({ item_id, quantity }) => ({ item_id, quantity })),
  shipping: request.shipping,
  restock: request.restock,
  note: request.note,
});

/** Thin: request → use case → response. */
export function ordersHandlers(deps: OrdersDeps): ServiceHandlers<typeof orders.OrdersServiceService> {
  return {
    listOrders: (request) => listOrders(deps, requireStoreId(request.store_id), request),
    summarizeOrders: (request) => summarizeOrders(deps, requireStoreId(request.store_id), request),
    getOrder: (request) => getOrder(deps, requireStoreId(request.store_id), request.order_id),
    shipOrder: (request) =>
      shipOrder(deps, requireStoreId(request.store_id), request.order_id, {
        itemIds: request.item_ids,
        tracking_number: request.tracking_number,
        shipping_company: request.shipping_company,
        notify_customer: request.notify_customer,
        note_to_customer: request.note_to_customer,
      }),
    holdOrder: (request) => holdOrder(deps, requireStoreId(request.store_id), request.order_id),
    openOrder: (request) => openOrder(deps, requireStoreId(request.store_id), request.order_id),
    cancelOrder: (request) => cancelOrder(deps, requireStoreId(request.store_id), request.order_id),
    updateFulfillment: (request) =>
      updateFulfillment(deps, requireStoreId(request.store_id), request.order_id, request.fulfillment_id, {
        tracking_number: request.tracking_number,
        shipping_company: request.shipping_company,
        note_to_customer: request.note_to_customer,
      }),
    getOrderProducts: (request) => getOrderProducts(deps, requireStoreId(request.store_id), request.order_id),
    getOrderVariants: (request) => getOrderVariants(deps, requireStoreId(request.store_id), request.order_id),
    createOrder: (request, context) =>
      checkout(
        deps,
        requireStoreId(request.store_id),
        {
          checkout_key: request.checkout_key,
          email: request.email,
          address: { ...EMPTY_ADDRESS, ...request.address },
          lines: request.lines,
          shipping_class_id: request.shipping_class_id,
          user_note: request.user_note ?? null,
          payment_token: request.payment_token,
          discount_code: request.discount_code ?? null,
        },
        context.deadline,
      ),
    quoteCheckout: (request) =>
      quoteCheckout(deps, requireStoreId(request.store_id), {
        email: request.email,
        address: { ...EMPTY_ADDRESS, ...request.address },
        lines: request.lines,
        shipping_class_id: request.shipping_class_id,
        user_note: null,
        discount_code: request.discount_code ?? null,
      }),
    createRefund: (request) =>
      createRefund(deps, requireStoreId(request.store_id), request.order_id, refundRequestOf(request), request.refund_key),
    listRefunds: (request) => listRefunds(deps, requireStoreId(request.store_id), request.order_id),
    calculateRefund: (request) => calculateRefund(deps, requireStoreId(request.store_id), request.order_id, refundRequestOf(request)),
  };
}
