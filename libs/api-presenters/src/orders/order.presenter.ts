import type { orders } from '@commerce/contracts';
import { decimalString, DEFAULT_CURRENCY } from '@commerce/money';
import { formatOptionalTimestamp, formatTimestamp } from '../timestamp';
import { presentRefund } from './refund.presenter';

/**
 * Integer minor units → a decimal string with the currency's places (12345 USD → "123.45", 12345 JPY → "12345",
 * -5 USD → "-0.05"). Built from the integer, never through a float (docs/money.md#currency).
 */
export function centsToDecimalString(cents: number, currency: string): string {
  return decimalString(cents, currency);
}

/** The currency an order's amounts count: the one it was placed in; one kept before orders had one is USD. */
export const currencyOf = (order: Pick<orders.Order, 'currency'>): string => order.currency || DEFAULT_CURRENCY;

/** An order item exactly as docs/orders.md#records lists it (the element of `items`, wrapped as `{item}`). */
export function presentOrderItem(item: orders.OrderItem, timeZone: string) {
  return {
    id: item.id,
    order_id: item.order_id,
    product_id: item.product_id,
    product_name: item.product_name,
    variant_id: item.variant_id,
    variant_name: item.variant_name,
    sku: item.sku ?? null,
    quantity: item.quantity,
    fulfilled_at: formatOptionalTimestamp(item.fulfilled_at, timeZone),
    discount: item.discount,
    list_price: item.list_price,
    tax: item.tax,
    fulfillment_id: item.fulfillment_id ?? null,
    price_in_cents: item.price_in_cents,
  };
}

export type OrderItemJson = ReturnType<typeof presentOrderItem>;

/**
 * A fulfillment (docs/orders.md#fulfillments): its items rendered from the order's items it shipped, `{item}` each.
 * `order` is the fulfillment's order (its items are looked up by id).
 */
export function presentFulfillment(fulfillment: orders.Fulfillment, order: Pick<orders.Order, 'items'>, timeZone: string) {
  const shipped = new Set(fulfillment.item_ids);
  return {
    id: fulfillment.id,
    order_id: fulfillment.order_id,
    items: order.items.filter((item) => shipped.has(item.id)).map((item) => ({ item: presentOrderItem(item, timeZone) })),
    tracking_number: fulfillment.tracking_number,
    shipping_company: fulfillment.shipping_company,
    note_to_customer: fulfillment.note_to_customer,
    notify_customer: fulfillment.notify_customer,
    created_at: formatTimestamp(fulfillment.created_at!, timeZone),
    updated_at: formatTimestamp(fulfillment.updated_at!, timeZone),
  };
}

export type FulfillmentJson = ReturnType<typeof presentFulfillment>;

/**
 * An order exactly as docs/orders.md#records lists it, plus `currency`: money as integer minor units of it, `price`
 * the total as a decimal string in it, timestamps in the store's zone (`paid_at` and `fulfilled_at` null until they
 * happen); then, beyond the spec, its money's state (`financial_status`, `refunded`) and `refunds` (docs/money.md#refunds).
 */
export function presentOrder(order: orders.Order, timeZone: string) {
  const address = order.address;
  return {
    id: order.id,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    discounts: order.discounts,
    discount_code: order.discount_code ?? null,
    shipping_discount: order.shipping_discount,
    shipping_tax: order.shipping_tax,
    tax_name: order.tax_name,
    shipping_class_name: order.shipping_class_name,
    prices_include_tax: order.prices_include_tax,
    confirmed_at: formatOptionalTimestamp(order.confirmed_at, timeZone),
    fulfilled_at: formatOptionalTimestamp(order.fulfilled_at, timeZone),
    updated_at: formatTimestamp(order.updated_at!, timeZone),
    paid_at: formatOptionalTimestamp(order.paid_at, timeZone),
    payment_processor: order.payment_processor,
    status: order.status,
    email: order.email,
    user_note: order.user_note ?? null,
    price: centsToDecimalString(order.total, currencyOf(order)),
    currency: currencyOf(order),
    address: {
      name: address?.name ?? '',
      address_1: address?.address_1 ?? '',
      address_2: address?.address_2 ?? '',
      city: address?.city ?? '',
      postal: address?.postal ?? '',
      state: address?.state ?? '',
      state_abbrev: address?.state_abbrev ?? '',
      country: address?.country ?? '',
    },
    items: order.items.map((item) => ({ item: presentOrderItem(item, timeZone) })),
    fulfillments: order.fulfillments.map((fulfillment) => presentFulfillment(fulfillment, order, timeZone)),
    // Beyond the spec (docs/money.md#refunds).
    financial_status: order.financial_status,
    refunded: order.refunded,
    refunds: order.refunds.map((refund) => presentRefund(refund, timeZone)),
  };
}

export type OrderJson = ReturnType<typeof presentOrder>;
