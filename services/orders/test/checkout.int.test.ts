// CreateOrder as a caller sees it (docs/orders.md#how-a-checkout-runs-orders-service, orders.proto): the answer, its errors, catalog's
// stock after it, and the order events on the bus.
import { presentOrder } from '@commerce/api-presenters';
import { orders, shipping } from '@commerce/contracts';
import { GrpcStatus } from '@commerce/grpc-runtime';
import { rejectionOf } from '@commerce/testing';
import { TestPaymentProcessor, type PaymentEntry } from '../src/infra/test-payment.processor';
import {
  aCheckout,
  aShop,
  aStockedProduct,
  RATES,
  startOrdersHarness,
  stockOf,
  US_ADDRESS,
  waitForOrderEvents,
  orderEvents,
  type OrdersHarness,
  type Shop,
} from './orders.fixture';

let harness: OrdersHarness;

beforeAll(async () => {
  harness = await startOrdersHarness();
});

afterAll(() => harness?.stop());

const ZONE = 'America/New_York';
/** The shop's default checkout: 2 teas (1000) and 1 large mug (650). */
const SUBTOTAL = 2 * 1000 + 650;
const STANDARD_FOR_3 = RATES.standard.first + 2 * RATES.standard.additional;
const EXPRESS_FOR_3 = RATES.express.first + 2 * RATES.express.additional;

const aBudgetClass = async (shop: Shop) =>
  (
    await harness.shipping.createShippingClass(
      shipping.CreateShippingClassRequest.fromPartial({ store_id: shop.storeId, name: 'Budget', countries: ['US'] }),
    )
  ).shipping_class!;

/** The test processor's ledger entries of a checkout key (keyed `<checkout key>/<order id>`). */
async function paymentsOf(checkoutKey: string) {
  return (await harness.service.host.db.collection<PaymentEntry>(TestPaymentProcessor.collection).find({})).filter((entry) =>
    entry.key.startsWith(`${checkoutKey}/`),
  );
}

const ordersOf = async (storeId: number) =>
  (await harness.client.listOrders(orders.ListOrdersRequest.fromPartial({ store_id: storeId }))).orders;

async function stockOfShop(shop: Shop) {
  return { tea: await stockOf(harness, shop.storeId, shop.tea.variantId), mug: await stockOf(harness, shop.storeId, shop.mug.variantId) };
}

const UNTOUCHED = { tea: { in_stock: 20, sold: 0 }, mug: { in_stock: 10, sold: 0 } };

describe('a checkout that goes through', () => {
  it('opens the order paid, its items priced by catalog and its shipping the cheapest class quoted', async () => {
    const shop = await aShop(harness);

    const { order, time_zone } = await harness.client.createOrder(aCheckout(shop, { user_note: 'Leave it at the door' }));

    expect(time_zone).toBe(ZONE);
    expect(order).toMatchObject({
      status: 'open',
      payment_processor: 'test',
      email: 'ada@example.com',
      user_note: 'Leave it at the door',
      address: US_ADDRESS,
      subtotal: SUBTOTAL,
      shipping: STANDARD_FOR_3,
      tax: 0,
      discounts: 0,
      total: SUBTOTAL + STANDARD_FOR_3,
      shipping_class_id: shop.standard.id,
      shipping_class_name: 'Standard',
      fulfillments: [],
    });
    expect(order!.paid_at).toBeInstanceOf(Date);
    expect(order!.fulfilled_at).toBeUndefined();
    expect(order!.confirmed_at).toEqual(order!.created_at);
    expect(order!.items).toEqual([
      {
        id: expect.any(Number),
        order_id: order!.id,
        product_id: shop.tea.product.id,
        product_name: 'Green Tea',
        variant_id: shop.tea.variantId,
        variant_name: 'Default',
        sku: 'TEA-1',
        quantity: 2,
        fulfilled_at: undefined,
        discount: 0,
        list_price: 1000,
        tax: 0,
        fulfillment_id: undefined,
        price_in_cents: 2000,
      },
      {
        id: expect.any(Number),
        order_id: order!.id,
        product_id: shop.mug.product.id,
        product_name: 'Mug',
        variant_id: shop.mug.variantId,
        variant_name: 'Large',
        sku: undefined,
        quantity: 1,
        fulfilled_at: undefined,
        discount: 0,
        list_price: 650,
        tax: 0,
        fulfillment_id: undefined,
        price_in_cents: 650,
      },
    ]);
    expect(order!.items[0]!.id).toBeLessThan(order!.items[1]!.id);
    expect(await harness.client.getOrder({ store_id: shop.storeId, order_id: order!.id })).toEqual({ order, time_zone: ZONE });
  });

  it('takes the stock from catalog: in_stock down, sold up', async () => {
    const shop = await aShop(harness);

    await harness.client.createOrder(aCheckout(shop));

    expect(await stockOfShop(shop)).toEqual({ tea: { in_stock: 18, sold: 2 }, mug: { in_stock: 9, sold: 1 } });
  });

  it('publishes order/created (pending, unpaid) then order/paid, each with the order as the API renders it', async () => {
    const shop = await aShop(harness);
    const { order } = await harness.client.createOrder(aCheckout(shop));

    const events = await waitForOrderEvents(harness, shop.storeId, order!.id, 2);

    expect(events.map((event) => [event.topic, event.sequence, event.resource_type, event.resource_id])).toEqual([
      ['order/created', 1, 'order', order!.id],
      ['order/paid', 2, 'order', order!.id],
    ]);
    const pending: orders.Order = {
      ...order!,
      status: 'pending',
      financial_status: 'pending',
      paid_at: undefined,
      updated_at: order!.created_at,
    };
    expect(events[0]!.resource).toEqual(presentOrder(pending, ZONE));
    expect(events[1]!.resource).toEqual(presentOrder(order!, ZONE));
  });

  it('charges the class the buyer asked for when it is offered', async () => {
    const shop = await aShop(harness);

    const { order } = await harness.client.createOrder(aCheckout(shop, { shipping_class_id: shop.express.id }));

    expect(order).toMatchObject({
      shipping: EXPRESS_FOR_3,
      total: SUBTOTAL + EXPRESS_FOR_3,
      shipping_class_id: shop.express.id,
      shipping_class_name: 'Express',
    });
  });

  it('takes the cheapest class among those that ship to the country', async () => {
    const shop = await aShop(harness);
    // A class cheaper than Standard that ships only to the US: the US gets it, Canada still gets Standard.
    await harness.shipping.updateShippingGroup(
      shipping.UpdateShippingGroupRequest.fromPartial({
        store_id: shop.storeId,
        shipping_group_id: shop.group.id,
        rates: {
          rates: [
            ...shop.group.rates,
            { shipping_class_id: (await aBudgetClass(shop)).id, first_item_in_cents: 100, additional_item_in_cents: 0 },
          ],
        },
      }),
    );
    const budget = (await harness.client.createOrder(aCheckout(shop))).order!;
    const { order } = await harness.client.createOrder(aCheckout(shop, { address: { ...US_ADDRESS, country: 'CA' } }));

    expect(budget).toMatchObject({ shipping_class_name: 'Budget', shipping: 100 });
    expect(order).toMatchObject({ shipping_class_id: shop.standard.id, shipping: STANDARD_FOR_3 });
  });

  it('stores the address trimmed with its country upper case, and the e-mail trimmed', async () => {
    const shop = await aShop(harness);

    const { order } = await harness.client.createOrder(
      aCheckout(shop, { email: '  ada@example.com ', address: { ...US_ADDRESS, name: '  Ada Buyer ', country: ' us ' } }),
    );

    expect(order!.email).toBe('ada@example.com');
    expect(order!.address).toEqual(US_ADDRESS);
  });
});

describe('a checkout key', () => {
  it('answers the same order when repeated, and takes the stock once', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);

    const first = await harness.client.createOrder(request);
    const again = await harness.client.createOrder(request);

    expect(again).toEqual(first);
    expect(await stockOfShop(shop)).toEqual({ tea: { in_stock: 18, sold: 2 }, mug: { in_stock: 9, sold: 1 } });
    expect((await ordersOf(shop.storeId)).map((order) => order.id)).toEqual([first.order!.id]);
    expect(await paymentsOf(request.checkout_key)).toEqual([
      expect.objectContaining({ state: 'captured', amount_cents: first.order!.total }),
    ]);
  });

  it('run twice at once makes one order, and the repeat waits for it: both answers are that order', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop);

    const answers = await Promise.allSettled([harness.client.createOrder(request), harness.client.createOrder(request)]);

    const placed = await ordersOf(shop.storeId);
    expect(placed).toHaveLength(1);
    expect(answers).toEqual([
      { status: 'fulfilled', value: expect.objectContaining({ order: placed[0] }) },
      { status: 'fulfilled', value: expect.objectContaining({ order: placed[0] }) },
    ]);
    expect(await stockOfShop(shop)).toEqual({ tea: { in_stock: 18, sold: 2 }, mug: { in_stock: 9, sold: 1 } });
    expect(await paymentsOf(request.checkout_key)).toHaveLength(1);
  });

  it('of a declined checkout answers the same PAYMENT_DECLINED when repeated, even with a good card', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop, { payment_token: 'tok_chargeDeclined' });

    const first = await rejectionOf(harness.client.createOrder(request));
    const again = await rejectionOf(harness.client.createOrder({ ...request, payment_token: 'tok_visa' }));

    expect(first).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'PAYMENT_DECLINED' });
    expect({ code: again.code, reason: again.reason, message: again.message, metadata: again.metadata }).toEqual({
      code: first.code,
      reason: first.reason,
      message: first.message,
      metadata: first.metadata,
    });
    expect(await ordersOf(shop.storeId)).toHaveLength(1);
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
  });

  it('of a checkout refused for want of stock answers the same refusal when repeated', async () => {
    const shop = await aShop(harness);
    const request = aCheckout(shop, { lines: [{ variant_id: shop.tea.variantId, quantity: 21 }] });

    const first = await rejectionOf(harness.client.createOrder(request));
    const again = await rejectionOf(harness.client.createOrder(request));

    expect(first.reason).toBe('INSUFFICIENT_STOCK');
    expect({ code: again.code, reason: again.reason, metadata: again.metadata }).toEqual({
      code: first.code,
      reason: first.reason,
      metadata: first.metadata,
    });
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
  });
});

describe('a checkout refused', () => {
  it('for want of stock: INSUFFICIENT_STOCK naming every short variant, and nothing reserved', async () => {
    const shop = await aShop(harness);
    const scarce = await aStockedProduct(harness, shop, 1, { name: 'Scarce' });

    const error = await rejectionOf(
      harness.client.createOrder(
        aCheckout(shop, {
          lines: [
            { variant_id: shop.tea.variantId, quantity: 25 },
            { variant_id: shop.mug.variantId, quantity: 1 },
            { variant_id: scarce.variantId, quantity: 3 },
          ],
        }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(error.reason).toBe('INSUFFICIENT_STOCK');
    expect(error.metadata).toMatchObject({ variant_id: String(shop.tea.variantId), requested: '25', in_stock: '20' });
    expect(JSON.parse(error.metadata!.short_variants!)).toEqual([
      { variant_id: shop.tea.variantId, requested: 25, in_stock: 20 },
      { variant_id: scarce.variantId, requested: 3, in_stock: 1 },
    ]);
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await stockOf(harness, shop.storeId, scarce.variantId)).toEqual({ in_stock: 1, sold: 0 });
    expect(await ordersOf(shop.storeId)).toEqual([]);
  });

  it('naming a variant catalog does not have: INVALID_ARGUMENT on items, and nothing reserved', async () => {
    const shop = await aShop(harness);

    const error = await rejectionOf(
      harness.client.createOrder(
        aCheckout(shop, {
          lines: [
            { variant_id: shop.tea.variantId, quantity: 1 },
            { variant_id: 987_654, quantity: 1 },
          ],
        }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ items: ['variant 987654 does not exist'] });
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await ordersOf(shop.storeId)).toEqual([]);
  });

  it('naming another store variant: INVALID_ARGUMENT on items, and the other store stock untouched', async () => {
    const shop = await aShop(harness);
    const other = await aShop(harness);

    const error = await rejectionOf(
      harness.client.createOrder(aCheckout(shop, { lines: [{ variant_id: other.tea.variantId, quantity: 1 }] })),
    );

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ items: [`variant ${other.tea.variantId} does not exist`] });
    expect(await stockOfShop(other)).toEqual(UNTOUCHED);
  });

  it('of a product that is not for sale: NOT_PURCHASABLE, nothing reserved', async () => {
    const shop = await aShop(harness);
    const hidden = await aStockedProduct(harness, shop, 5, { name: 'Hidden', status: 'hidden' });

    const error = await rejectionOf(
      harness.client.createOrder(
        aCheckout(shop, {
          lines: [
            { variant_id: shop.tea.variantId, quantity: 1 },
            { variant_id: hidden.variantId, quantity: 1 },
          ],
        }),
      ),
    );

    expect(error.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(error.reason).toBe('NOT_PURCHASABLE');
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await stockOf(harness, shop.storeId, hidden.variantId)).toEqual({ in_stock: 5, sold: 0 });
  });

  describe('for bad input, per field, before anything is reserved', () => {
    let shop: Shop;

    beforeAll(async () => {
      shop = await aShop(harness);
    });

    afterAll(async () => {
      expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
      expect(await ordersOf(shop.storeId)).toEqual([]);
    });

    const cases: Array<[string, (shop: Shop) => Partial<orders.CreateOrderRequest>, Record<string, string[]>]> = [
      ['a malformed e-mail', () => ({ email: 'ada-at-example.com' }), { email: ['is not a valid e-mail address'] }],
      ['no e-mail', () => ({ email: ' ' }), { email: ["can't be blank"] }],
      [
        'a country that is not a two-letter code',
        () => ({ address: { ...US_ADDRESS, country: 'USA' } }),
        { 'address.country': ['must be a two-letter country code (ISO 3166-1 alpha-2)'] },
      ],
      [
        'no address',
        () => ({ address: undefined }),
        {
          'address.name': ["can't be blank"],
          'address.address_1': ["can't be blank"],
          'address.city': ["can't be blank"],
          'address.postal': ["can't be blank"],
          'address.country': ["can't be blank"],
        },
      ],
      ['no items', () => ({ lines: [] }), { items: ['must have at least one item'] }],
      [
        'a quantity of 0',
        (s) => ({ lines: [{ variant_id: s.tea.variantId, quantity: 0 }] }),
        { 'items[0].quantity': ['must be a whole number from 1 to 10000'] },
      ],
      [
        'a variant twice',
        (s) => ({
          lines: [
            { variant_id: s.tea.variantId, quantity: 1 },
            { variant_id: s.tea.variantId, quantity: 2 },
          ],
        }),
        { 'items[1].variant_id': ['appears more than once'] },
      ],
      ['a variant id of 0', () => ({ lines: [{ variant_id: 0, quantity: 1 }] }), { 'items[0].variant_id': ['must be a variant id'] }],
      ['no payment token', () => ({ payment_token: '' }), { payment_token: ["can't be blank"] }],
      ['no checkout key', () => ({ checkout_key: '  ' }), { checkout_key: ["can't be blank"] }],
    ];

    it.each(cases)('%s', async (_name, overrides, violations) => {
      const error = await rejectionOf(harness.client.createOrder(aCheckout(shop, overrides(shop))));

      expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(error.fieldViolations).toEqual(violations);
    });
  });

  it('to a country no class ships to: INVALID_ARGUMENT on address.country, and the stock it took given back', async () => {
    const shop = await aShop(harness);

    const error = await rejectionOf(harness.client.createOrder(aCheckout(shop, { address: { ...US_ADDRESS, country: 'FR' } })));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(Object.keys(error.fieldViolations ?? {})).toEqual(['address.country']);
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await ordersOf(shop.storeId)).toEqual([]);
  });

  it("to an unknown country code: INVALID_ARGUMENT on address.country (not shipping's own field), its stock given back", async () => {
    const shop = await aShop(harness);

    const error = await rejectionOf(harness.client.createOrder(aCheckout(shop, { address: { ...US_ADDRESS, country: 'ZZ' } })));

    expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
    expect(error.fieldViolations).toEqual({ 'address.country': ['must be an ISO 3166-1 alpha-2 country code'] });
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await ordersOf(shop.storeId)).toEqual([]);
  });

  it('asking for a class that does not ship there: INVALID_ARGUMENT on shipping_class_id, and the stock it took given back', async () => {
    const shop = await aShop(harness);

    const notThere = await rejectionOf(
      harness.client.createOrder(aCheckout(shop, { shipping_class_id: shop.express.id, address: { ...US_ADDRESS, country: 'CA' } })),
    );
    const unknown = await rejectionOf(harness.client.createOrder(aCheckout(shop, { shipping_class_id: 987_654 })));

    for (const error of [notThere, unknown]) {
      expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(Object.keys(error.fieldViolations ?? {})).toEqual(['shipping_class_id']);
    }
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
    expect(await ordersOf(shop.storeId)).toEqual([]);
  });

  it('for a store the storefront does not know: NOT_FOUND', async () => {
    const shop = await aShop(harness);

    const error = await rejectionOf(harness.client.createOrder({ ...aCheckout(shop), store_id: 987_654 }));

    expect(error.code).toBe(GrpcStatus.NOT_FOUND);
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
  });
});

describe('a declined payment', () => {
  it('answers PAYMENT_DECLINED naming the order, which is kept as failed and unpaid', async () => {
    const shop = await aShop(harness);

    const error = await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_chargeDeclined' })));

    expect(error.code).toBe(GrpcStatus.FAILED_PRECONDITION);
    expect(error.reason).toBe('PAYMENT_DECLINED');
    expect(error.message).toBe('The payment was declined: Your card was declined.');
    const orderId = Number(error.metadata?.order_id);
    expect(error.metadata).toEqual({ order_id: String(orderId) });
    const { order } = await harness.client.getOrder({ store_id: shop.storeId, order_id: orderId });
    expect(order).toMatchObject({ id: orderId, status: 'failed', paid_at: undefined, total: SUBTOTAL + STANDARD_FOR_3 });
    expect(order!.items.map((item) => [item.variant_id, item.quantity])).toEqual([
      [shop.tea.variantId, 2],
      [shop.mug.variantId, 1],
    ]);
  });

  it('gives the stock back to catalog', async () => {
    const shop = await aShop(harness);

    await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_chargeDeclined' })));

    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
  });

  it('publishes order/created then order/updated with the failed order', async () => {
    const shop = await aShop(harness);
    const error = await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_chargeDeclined' })));
    const orderId = Number(error.metadata?.order_id);
    const { order } = await harness.client.getOrder({ store_id: shop.storeId, order_id: orderId });

    const events = await waitForOrderEvents(harness, shop.storeId, orderId, 2);

    expect(events.map((event) => [event.topic, event.sequence])).toEqual([
      ['order/created', 1],
      ['order/updated', 2],
    ]);
    expect(events[0]!.resource).toMatchObject({ status: 'pending', paid_at: null });
    expect(events[1]!.resource).toEqual(presentOrder(order!, ZONE));
    expect(await orderEvents(harness, shop.storeId, orderId)).toHaveLength(2);
  });

  it('declines a token the test processor does not know, in the same way', async () => {
    const shop = await aShop(harness);

    const error = await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_madeUp' })));

    expect(error).toMatchObject({ code: GrpcStatus.FAILED_PRECONDITION, reason: 'PAYMENT_DECLINED' });
    expect(await stockOfShop(shop)).toEqual(UNTOUCHED);
  });
});
