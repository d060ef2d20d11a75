import type { OrderSummary } from './order-summary';

/** A checkout the orders service refused, as the gateway hands it back to show on the checkout page. */
export interface CheckoutInput {
  checkout_error: string;
  field_errors: Array<{ field: string; message: string }>;
  /** What the buyer typed: form field name (`address[city]`) → value. */
  checkout_form: Record<string, string>;
}

/** `address[city]` → `address.city`; `items[0][quantity]` → `items.0.quantity`; `email` unchanged. */
export const errorKeyOf = (field: string): string => field.replace(/\[([^\]]*)\]/g, '.$1');

/**
 * The checkout page's `checkout`: the refusal's message, each field's problem by its dotted name (several joined),
 * and the form as typed. Every value is the buyer's text: templates print it escaped.
 */
export function checkoutVariables(input: CheckoutInput) {
  const errors: Record<string, string> = {};
  for (const { field, message } of input.field_errors) {
    const key = errorKeyOf(field);
    errors[key] = errors[key] ? `${errors[key]}; ${message}` : message;
    // A problem with one line of the order is also a problem with the items.
    if (key.startsWith('items.') && key !== 'items') errors.items = errors.items ? `${errors.items}; ${message}` : message;
  }
  return {
    error: input.checkout_error,
    field_errors: input.field_errors.map(({ field, message }) => ({ field, message })),
    errors,
    has_errors: input.checkout_error !== '' || input.field_errors.length > 0,
    form: { ...input.checkout_form },
  };
}

/** The confirmation page's `order`: money in cents (the `money` filter writes it), the address as placed. */
export function orderVariables(order: OrderSummary) {
  return {
    id: order.id,
    status: order.status,
    email: order.email,
    paid: order.paid,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    discounts: order.discounts,
    total: order.total,
    currency: order.currency,
    created_at: order.created_at ? order.created_at.toISOString() : null,
    user_note: order.user_note,
    shipping_class_name: order.shipping_class_name,
    address: { ...order.address },
    items: order.items.map((item) => ({ ...item })),
    item_count: order.items.reduce((sum, item) => sum + item.quantity, 0),
  };
}
