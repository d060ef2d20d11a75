import type { Item, Order } from './order';

export const T0 = new Date('2026-11-01T12:00:00Z');
export const T1 = new Date('2026-11-02T12:00:00Z');

export function anItem(id: number, overrides: Partial<Item> = {}): Item {
  return {
    id,
    product_id: 100 + id,
    product_name: `Product ${id}`,
    variant_id: 200 + id,
    variant_name: 'Default',
    sku: null,
    quantity: 1,
    list_price: 1000,
    discount: 0,
    tax: 0,
    fulfilled_at: null,
    fulfillment_id: null,
    shipping_group_id: 1,
    ...overrides,
  };
}

/** An open, paid order of two unshipped items (ids 1 and 2). */
export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    store_id: 1,
    id: 10,
    status: 'open',
    email: 'buyer@example.com',
    user_note: null,
    address: {
      name: 'Ann',
      address_1: '1 Main St',
      address_2: '',
      city: 'Town',
      postal: '12345',
      state: '',
      state_abbrev: '',
      country: 'US',
    },
    items: [anItem(1), anItem(2)],
    fulfillments: [],
    subtotal: 2000,
    shipping: 500,
    tax: 0,
    discounts: 0,
    total: 2500,
    shipping_class_id: 1,
    shipping_class_name: 'Standard',
    payment_processor: 'test',
    saga_key: 'key/10',
    created_at: T0,
    confirmed_at: T0,
    paid_at: T0,
    fulfilled_at: null,
    updated_at: T0,
    stock_return: null,
    ...overrides,
  };
}

/** The order after its item 1 was shipped in fulfillment 5: Partially Shipped. */
export const aPartiallyShippedOrder = (): Order =>
  anOrder({
    items: [anItem(1, { fulfilled_at: T0, fulfillment_id: 5 }), anItem(2)],
    fulfillments: [
      {
        id: 5,
        item_ids: [1],
        tracking_number: '',
        shipping_company: '',
        note_to_customer: '',
        notify_customer: false,
        created_at: T0,
        updated_at: T0,
      },
    ],
  });

/** Every item shipped. */
export const aShippedOrder = (): Order =>
  anOrder({
    status: 'shipped',
    fulfilled_at: T0,
    items: [anItem(1, { fulfilled_at: T0, fulfillment_id: 5 }), anItem(2, { fulfilled_at: T0, fulfillment_id: 5 })],
    fulfillments: [
      {
        id: 5,
        item_ids: [1, 2],
        tracking_number: '1Z',
        shipping_company: 'UPS',
        note_to_customer: '',
        notify_customer: false,
        created_at: T0,
        updated_at: T0,
      },
    ],
  });
