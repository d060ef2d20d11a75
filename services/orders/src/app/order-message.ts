import type { orders } from '@commerce/contracts';
import { DEFAULT_CURRENCY } from '@commerce/money';
import { displayStatus, linePrice, type Order, type Refund } from '../domain/order';
import { financialStatus, refundedOf, refundsOf } from '../domain/refund';

/** A stored order → the contract's Order (status as the API shows it; absent optionals render null). */
export function orderMessage(order: Order): orders.Order {
  return {
    id: order.id,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    discounts: order.discounts,
    total: order.total,
    created_at: order.created_at,
    confirmed_at: order.confirmed_at,
    paid_at: order.paid_at ?? undefined,
    fulfilled_at: order.fulfilled_at ?? undefined,
    updated_at: order.updated_at,
    payment_processor: order.payment_processor,
    status: displayStatus(order),
    email: order.email,
    user_note: order.user_note ?? undefined,
    address: { ...order.address },
    items: order.items.map((item) => ({
      id: item.id,
      order_id: order.id,
      product_id: item.product_id,
      product_name: item.product_name,
      variant_id: item.variant_id,
      variant_name: item.variant_name,
      sku: item.sku ?? undefined,
      quantity: item.quantity,
      fulfilled_at: item.fulfilled_at ?? undefined,
      discount: item.discount,
      list_price: item.list_price,
      tax: item.tax,
      fulfillment_id: item.fulfillment_id ?? undefined,
      price_in_cents: linePrice(item),
    })),
    fulfillments: order.fulfillments.map((fulfillment) => fulfillmentMessage(order, fulfillment.id)!),
    shipping_class_id: order.shipping_class_id,
    shipping_class_name: order.shipping_class_name,
    // An order written before orders kept their currency was placed in USD, the only one there was.
    currency: order.currency ?? DEFAULT_CURRENCY,
    // An order written before discounts and taxes existed has none of these fields: no code, nothing waived or taxed.
    discount_code: order.discount_code ?? undefined,
    shipping_discount: order.shipping_discount ?? 0,
    shipping_tax: order.shipping_tax ?? 0,
    prices_include_tax: order.prices_include_tax ?? false,
    tax_name: order.tax_name ?? '',
    refunds: refundsOf(order).map((refund) => refundMessage(order, refund)),
    financial_status: financialStatus(order),
    refunded: refundedOf(order),
  };
}

export function refundMessage(order: Pick<Order, 'id' | 'currency'>, refund: Refund): orders.Refund {
  return {
    id: refund.id,
    order_id: order.id,
    amount: refund.amount,
    items: refund.items.map(({ item_id, quantity }) => ({ item_id, quantity })),
    shipping: refund.shipping,
    restock: refund.restock,
    note: refund.note,
    status: refund.status,
    created_at: refund.created_at,
    currency: order.currency ?? DEFAULT_CURRENCY,
  };
}

export function fulfillmentMessage(order: Order, fulfillmentId: number): orders.Fulfillment | undefined {
  const fulfillment = order.fulfillments.find((candidate) => candidate.id === fulfillmentId);
  if (!fulfillment) return undefined;
  return {
    id: fulfillment.id,
    order_id: order.id,
    item_ids: [...fulfillment.item_ids],
    tracking_number: fulfillment.tracking_number,
    shipping_company: fulfillment.shipping_company,
    note_to_customer: fulfillment.note_to_customer,
    notify_customer: fulfillment.notify_customer,
    created_at: fulfillment.created_at,
    updated_at: fulfillment.updated_at,
  };
}
