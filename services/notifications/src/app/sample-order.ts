import { DEFAULT_CURRENCY, decimalString, isCurrencyCode, minorUnitDigits } from '@commerce/money';
import type { EmailVariables } from './notifications-deps';

/**
 * What a preview and a template update render with (docs/notifications.md#templates): an order as `GET /v1/orders/:id`
 * renders it (docs/orders.md#records), with two lines, a discount, a shipping class, tax and an address, one shipment
 * and one refund, its amounts in the store's currency, so every default and every variable a store uses prints something.
 */
export function sampleVariables(store: EmailVariables['store']): EmailVariables {
  const currency = isCurrencyCode(store.currency) ? store.currency : DEFAULT_CURRENCY;
  // Whole units of the currency in its minor units: $12.00 is 1200 in USD, ¥12 is 12 in JPY.
  const unit = 10 ** minorUnitDigits(currency);
  const tee = { id: 1001, product_id: 11, product_name: 'Classic Tee', variant_id: 21, variant_name: 'Large', sku: 'TEE-L' };
  const mug = { id: 1002, product_id: 12, product_name: 'Enamel Mug', variant_id: 22, variant_name: 'Default', sku: null };
  const lines = [
    { ...tee, quantity: 2, list_price: 12 * unit, price_in_cents: 24 * unit, discount: 3 * unit, tax: 2 * unit },
    { ...mug, quantity: 1, list_price: 9 * unit, price_in_cents: 9 * unit, discount: 0, tax: 1 * unit },
  ];
  const [subtotal, discounts, shipping, tax] = [33 * unit, 3 * unit, 5 * unit, 3 * unit];
  const at = '2026-03-01T10:00:00-05:00';
  const items = lines.map((line) => ({ item: { ...line, order_id: 1001, fulfilled_at: at, fulfillment_id: 501 } }));
  const fulfillment = {
    id: 501,
    order_id: 1001,
    items,
    tracking_number: '1Z999AA10123456784',
    shipping_company: 'UPS',
    note_to_customer: 'Thanks for shopping with us!',
    notify_customer: true,
    created_at: at,
    updated_at: at,
  };
  const refund = {
    id: 601,
    order_id: 1001,
    amount: decimalString(9 * unit, currency),
    amount_in_cents: 9 * unit,
    items: [{ item_id: 1002, quantity: 1 }],
    shipping: false,
    restock: true,
    note: 'The mug arrived chipped: sorry about that.',
    status: 'succeeded',
    created_at: at,
  };
  const order = {
    id: 1001,
    subtotal,
    shipping,
    tax,
    discounts,
    shipping_class_name: 'Standard',
    confirmed_at: at,
    fulfilled_at: at,
    updated_at: at,
    paid_at: at,
    payment_processor: 'test',
    status: 'Shipped',
    email: 'ann.lee@example.com',
    user_note: null,
    price: decimalString(subtotal - discounts + shipping + tax, currency),
    currency,
    address: {
      name: 'Ann Lee',
      address_1: '1 Main St',
      address_2: 'Apt 4',
      city: 'Portland',
      postal: '97201',
      state: 'Oregon',
      state_abbrev: 'OR',
      country: 'US',
    },
    items,
    fulfillments: [fulfillment],
    refunds: [refund],
  };
  return { store, order, fulfillment, refund };
}
