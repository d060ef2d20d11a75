import type { orders } from '@commerce/contracts';
import { centsToDecimalString, presentOrder } from './order.presenter';

const at = (iso: string) => new Date(iso);

function anOrder(overrides: Partial<orders.Order> = {}): orders.Order {
  const item: orders.OrderItem = {
    id: 7,
    order_id: 3,
    product_id: 11,
    product_name: 'Mug',
    variant_id: 12,
    variant_name: 'Blue',
    sku: undefined,
    quantity: 2,
    fulfilled_at: at('2026-11-02T15:00:00Z'),
    discount: 0,
    list_price: 1250,
    tax: 0,
    fulfillment_id: 5,
    price_in_cents: 2500,
  };
  return {
    id: 3,
    subtotal: 2500,
    shipping: 499,
    tax: 0,
    discounts: 0,
    total: 2999,
    shipping_discount: 0,
    shipping_tax: 0,
    prices_include_tax: false,
    tax_name: '',
    created_at: at('2026-11-01T12:00:00Z'),
    confirmed_at: at('2026-11-01T12:00:00Z'),
    paid_at: undefined,
    fulfilled_at: undefined,
    updated_at: at('2026-11-02T15:00:00Z'),
    payment_processor: 'test',
    status: 'shipped',
    email: 'buyer@example.com',
    user_note: undefined,
    address: {
      name: 'Ann',
      address_1: '1 Main St',
      address_2: '',
      city: 'Town',
      postal: '12345',
      state: 'New York',
      state_abbrev: 'NY',
      country: 'US',
    },
    items: [item],
    fulfillments: [
      {
        id: 5,
        order_id: 3,
        item_ids: [7],
        tracking_number: '1Z',
        shipping_company: 'UPS',
        note_to_customer: '',
        notify_customer: true,
        created_at: at('2026-11-02T15:00:00Z'),
        updated_at: at('2026-11-02T15:00:00Z'),
      },
    ],
    shipping_class_id: 1,
    shipping_class_name: 'Domestic',
    refunds: [
      {
        id: 8,
        order_id: 3,
        amount: 1250,
        items: [{ item_id: 7, quantity: 1 }],
        shipping: false,
        restock: true,
        note: 'Chipped',
        status: 'succeeded',
        created_at: at('2026-11-03T15:00:00Z'),
        currency: 'USD',
      },
    ],
    financial_status: 'partially_refunded',
    refunded: 1250,
    currency: 'USD',
    ...overrides,
  };
}

describe('presentOrder', () => {
  it('renders the total as a decimal string built from the integer minor units, with the places of the currency', () => {
    expect(centsToDecimalString(2999, 'USD')).toBe('29.99');
    expect(centsToDecimalString(5, 'USD')).toBe('0.05');
    expect(centsToDecimalString(100, 'USD')).toBe('1.00');
    expect(centsToDecimalString(-5, 'USD')).toBe('-0.05');
    expect(centsToDecimalString(900_719_925_474_099, 'USD')).toBe('9007199254740.99');
    expect(centsToDecimalString(2999, 'JPY')).toBe('2999');
    expect(centsToDecimalString(2999, 'KWD')).toBe('2.999');
  });

  it.each([
    ['USD', '29.99'],
    ['JPY', '2999'],
    ['KWD', '2.999'],
  ])('writes an order placed in %s in its currency: price %s, the integer amounts unchanged', (currency, price) => {
    expect(presentOrder(anOrder({ currency }), 'UTC')).toMatchObject({ currency, price, subtotal: 2500, shipping: 499 });
  });

  it('reads an order without a currency (placed before orders kept one) as USD', () => {
    expect(presentOrder(anOrder({ currency: '' }), 'UTC')).toMatchObject({ currency: 'USD', price: '29.99' });
  });

  it('renders docs/orders.md#records: money in cents, items as {item}, fulfillments with their items, times in the store zone', () => {
    const json = presentOrder(anOrder(), 'America/New_York');
    expect(Object.keys(json).sort()).toEqual(
      [
        'id',
        'subtotal',
        'shipping',
        'tax',
        'discounts',
        'confirmed_at',
        'fulfilled_at',
        'updated_at',
        'paid_at',
        'payment_processor',
        'status',
        'email',
        'user_note',
        'price',
        'currency',
        'discount_code',
        'shipping_discount',
        'shipping_tax',
        'tax_name',
        'shipping_class_name',
        'prices_include_tax',
        'address',
        'items',
        'fulfillments',
        'financial_status',
        'refunded',
        'refunds',
      ].sort(),
    );
    expect(json).toMatchObject({ price: '29.99', subtotal: 2500, shipping: 499, paid_at: null, fulfilled_at: null, user_note: null });
    expect(json.confirmed_at).toBe('2026-11-01T07:00:00-05:00');
    expect(json.items[0].item).toMatchObject({
      id: 7,
      sku: null,
      fulfillment_id: 5,
      fulfilled_at: '2026-11-02T10:00:00-05:00',
      price_in_cents: 2500,
    });
    expect(json.fulfillments[0]).toMatchObject({ id: 5, tracking_number: '1Z', notify_customer: true });
    expect(json.fulfillments[0].items.map(({ item }) => item.id)).toEqual([7]);
    expect(json.shipping_class_name).toBe('Domestic');
  });

  it('renders its money beyond the spec: financial_status, refunded, and each refund with its amount as a decimal string', () => {
    const json = presentOrder(anOrder(), 'America/New_York');
    expect(json).toMatchObject({ financial_status: 'partially_refunded', refunded: 1250 });
    expect(json.refunds).toEqual([
      {
        id: 8,
        order_id: 3,
        amount: '12.50',
        amount_in_cents: 1250,
        items: [{ item_id: 7, quantity: 1 }],
        shipping: false,
        restock: true,
        note: 'Chipped',
        status: 'succeeded',
        created_at: '2026-11-03T10:00:00-05:00',
      },
    ]);
    const inYen = presentOrder(anOrder({ currency: 'JPY', refunds: [{ ...anOrder().refunds[0]!, currency: 'JPY' }] }), 'UTC');
    expect(inYen.refunds[0]!.amount).toBe('1250');
  });
});
