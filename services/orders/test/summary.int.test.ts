// SummarizeOrders (docs/orders.md#sales-summary): the sales of the orders placed in a range, summed by the database,
// against figures computed by hand from the shop's prices, its 10% tax rate, a 10% code, shipping and refunds.
import { orders, storefront } from '@commerce/contracts';
import { createClient, GrpcStatus, type ServiceClient } from '@commerce/grpc-runtime';
import { rejectionOf, waitFor } from '@commerce/testing';
import { aCheckout, aShop, anOpenOrder, startOrdersHarness, US_ADDRESS, type OrdersHarness, type Shop } from './orders.fixture';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What each order of the shop comes to (a tea is 1000, a large mug 650; Standard shipping 500 for the first item and
 * 200 each after; tax 10% of each line after its discount, none on shipping).
 */
const FIGURES = {
  // One tea with the code TEN: 100 off, tax 10% of 900. Total 1490.
  discounted: { gross_sales: 1000, discounts: 100, shipping: 500, taxes: 90 },
  // Two teas and a mug: shipping 500 + 2 × 200, tax 200 + 65. Total 3815, of which 1000 is refunded later.
  refunded: { gross_sales: 2650, discounts: 0, shipping: 900, taxes: 265 },
  // One mug: tax 65. Total 1215, all of it refunded by its cancel.
  canceled: { gross_sales: 650, discounts: 0, shipping: 500, taxes: 65 },
} as const;
const PARTIAL_REFUND = 1000;

let harness: OrdersHarness;
let taxRates: ServiceClient<orders.TaxRatesServiceClient>;
let discounts: ServiceClient<orders.DiscountsServiceClient>;
let shop: Shop;
let other: Shop;
let placed: Record<keyof typeof FIGURES, orders.Order>;
/** The refunds of the shop as written: the partial one, then the cancel's. */
let refunds: orders.Refund[];

const summarize = (request: Partial<orders.SummarizeOrdersRequest>, storeId = shop.storeId) =>
  harness.client.summarizeOrders(orders.SummarizeOrdersRequest.fromPartial({ store_id: storeId, ...request }));

/** Sales as SummarizeOrders answers them, from per-order figures and refunds. */
function sales(
  currency: string,
  counted: Array<{ gross_sales: number; discounts: number; shipping: number; taxes: number }>,
  refunded = 0,
) {
  const sum = (field: 'gross_sales' | 'discounts' | 'shipping' | 'taxes') => counted.reduce((total, one) => total + one[field], 0);
  const figures = {
    currency,
    orders_count: counted.length,
    gross_sales: sum('gross_sales'),
    discounts: sum('discounts'),
    shipping: sum('shipping'),
    taxes: sum('taxes'),
    refunds: refunded,
  };
  return { ...figures, total_sales: figures.gross_sales - figures.discounts + figures.shipping + figures.taxes - refunded };
}

const ZERO = sales('USD', []);
const at = (message: { created_at?: Date }) => message.created_at!;
const within = (instant: Date, from: Date, to: Date) => instant >= from && instant <= to;

/** The local date of an instant in New York, the shops' zone. */
const newYorkDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(instant);

beforeAll(async () => {
  harness = await startOrdersHarness();
  taxRates = createClient(orders.TaxRatesServiceClient, harness.address);
  discounts = createClient(orders.DiscountsServiceClient, harness.address);
  shop = await aShop(harness, { teaStock: 100, mugStock: 100 });
  other = await aShop(harness, { teaStock: 100, mugStock: 100 });
  await taxRates.createTaxRate({
    store_id: shop.storeId,
    country: 'US',
    state: '',
    name: 'US tax',
    rate: '10',
    applies_to_shipping: false,
  });
  await discounts.createDiscount(
    orders.CreateDiscountRequest.fromPartial({ store_id: shop.storeId, code: 'TEN', kind: 'percentage', value: 10 }),
  );

  const tea = [{ variant_id: shop.tea.variantId, quantity: 1 }];
  const discounted = await anOpenOrder(harness, shop, { lines: tea, discount_code: 'ten' });
  const refunded = await anOpenOrder(harness, shop);
  await rejectionOf(harness.client.createOrder(aCheckout(shop, { payment_token: 'tok_chargeDeclined' })));
  const canceled = await anOpenOrder(harness, shop, { lines: [{ variant_id: shop.mug.variantId, quantity: 1 }] });
  await anOpenOrder(harness, other);
  const partial = await harness.client.createRefund(
    orders.CreateRefundRequest.fromPartial({ store_id: shop.storeId, order_id: refunded.id, amount: PARTIAL_REFUND }),
  );
  const cancel = await harness.client.cancelOrder({ store_id: shop.storeId, order_id: canceled.id });
  placed = { discounted, refunded, canceled };
  refunds = [partial.refund!, cancel.order!.refunds[0]!];
});

afterAll(() => harness?.stop());

describe('SummarizeOrders', () => {
  it('sums the orders of the range by hand: a discount, shipping, tax, a refund, a cancel; failed orders left out', async () => {
    expect(placed.discounted).toMatchObject({ subtotal: 1000, discounts: 100, shipping: 500, tax: 90, total: 1490 });
    expect(placed.refunded).toMatchObject({ subtotal: 2650, discounts: 0, shipping: 900, tax: 265, total: 3815 });
    expect(placed.canceled).toMatchObject({ subtotal: 650, shipping: 500, tax: 65, total: 1215 });
    expect(refunds.map((refund) => refund.amount)).toEqual([PARTIAL_REFUND, 1215]);

    const answer = await summarize({ created_at_min: at(placed.discounted), created_at_max: at(refunds[1]!) });

    const expected = sales('USD', [FIGURES.discounted, FIGURES.refunded, FIGURES.canceled], PARTIAL_REFUND + 1215);
    expect(expected).toMatchObject({ orders_count: 3, gross_sales: 4300, discounts: 100, shipping: 1900, taxes: 420, refunds: 2215 });
    expect(expected.total_sales).toBe(1490 + 3815 + 1215 - 2215);
    expect(answer.totals).toEqual(expected);
    expect(answer.by_currency).toEqual([expected]);
    expect(answer).toMatchObject({ time_zone: 'America/New_York', created_at_min: at(placed.discounted), created_at_max: at(refunds[1]!) });
  });

  it('counts refunds by when they were made: a range of the orders alone, a range of the refunds alone', async () => {
    const ordersOnly = { created_at_min: at(placed.discounted), created_at_max: at(placed.canceled) };
    const refundsOnly = { created_at_min: at(refunds[0]!), created_at_max: at(refunds[1]!) };
    const refundedIn = (from: Date, to: Date) =>
      refunds.filter((refund) => within(at(refund), from, to)).reduce((total, refund) => total + refund.amount, 0);
    const placedIn = (from: Date, to: Date) =>
      (Object.keys(FIGURES) as Array<keyof typeof FIGURES>)
        .filter((name) => within(at(placed[name]), from, to))
        .map((name) => FIGURES[name]);

    const first = await summarize(ordersOnly);
    const second = await summarize(refundsOnly);

    expect(first.totals).toEqual(
      sales(
        'USD',
        placedIn(ordersOnly.created_at_min, ordersOnly.created_at_max),
        refundedIn(ordersOnly.created_at_min, ordersOnly.created_at_max),
      ),
    );
    expect(first.totals).toMatchObject({ orders_count: 3, gross_sales: 4300 });
    expect(second.totals).toEqual(sales('USD', placedIn(refundsOnly.created_at_min, refundsOnly.created_at_max), 2215));
  });

  it('answers zeros for a range without orders, one day of zeros per local day', async () => {
    const answer = await summarize({
      created_at_min: new Date('2020-01-01T05:00:00Z'),
      created_at_max: new Date('2020-01-03T04:59:59.999Z'),
    });

    expect(answer.totals).toEqual(ZERO);
    expect(answer.by_currency).toEqual([ZERO]);
    expect(answer.by_day).toEqual([
      { date: '2020-01-01', sales: ZERO },
      { date: '2020-01-02', sales: ZERO },
    ]);
  });

  it("splits by the store's local day, every day of the range there, the days adding up to the totals", async () => {
    const from = new Date(at(placed.discounted).getTime() - 2 * DAY_MS);
    const to = at(refunds[1]!);

    const answer = await summarize({ created_at_min: from, created_at_max: to });

    const dates: string[] = [];
    for (let day = newYorkDate(from); day <= newYorkDate(to); day = newYorkDate(new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS)))
      dates.push(day);
    const expected = dates.map((date) => {
      const names = (Object.keys(FIGURES) as Array<keyof typeof FIGURES>).filter((name) => newYorkDate(at(placed[name])) === date);
      const refunded = refunds.filter((refund) => newYorkDate(at(refund)) === date).reduce((total, refund) => total + refund.amount, 0);
      return {
        date,
        sales: sales(
          'USD',
          names.map((name) => FIGURES[name]),
          refunded,
        ),
      };
    });
    expect(dates.length).toBeGreaterThanOrEqual(3);
    expect(answer.by_day).toEqual(expected);
    expect(answer.totals).toEqual(sales('USD', Object.values(FIGURES), 2215));
  });

  it("never counts another store's orders, and another store never counts these", async () => {
    const range = { created_at_min: at(placed.discounted), created_at_max: new Date() };

    const theirs = await summarize(range, other.storeId);

    // Their one order: two teas and a mug, no tax rate, no code.
    expect(theirs.totals).toEqual(sales('USD', [{ gross_sales: 2650, discounts: 0, shipping: 900, taxes: 0 }]));
    expect((await summarize(range)).totals).toEqual(sales('USD', Object.values(FIGURES), 2215));
  });

  it('refuses a missing, reversed or longer than 366 days range: INVALID_ARGUMENT naming the field', async () => {
    const now = new Date();
    const refusals: Array<[Partial<orders.SummarizeOrdersRequest>, string]> = [
      [{ created_at_max: now }, 'created_at_min'],
      [{ created_at_min: now }, 'created_at_max'],
      [{ created_at_min: now, created_at_max: new Date(now.getTime() - 1) }, 'created_at_max'],
      [{ created_at_min: new Date(now.getTime() - 366 * DAY_MS - 1), created_at_max: now }, 'created_at_max'],
    ];
    for (const [request, field] of refusals) {
      const error = await rejectionOf(summarize(request));

      expect(error.code).toBe(GrpcStatus.INVALID_ARGUMENT);
      expect(Object.keys(error.fieldViolations ?? {})).toEqual([field]);
    }
    expect(await summarize({ created_at_min: new Date(now.getTime() - 366 * DAY_MS), created_at_max: now })).toMatchObject({
      totals: { orders_count: 3 },
    });
  });
});

describe('SummarizeOrders of a store that changed its currency', () => {
  it("answers the store's currency now in the totals, and each currency's own figures", async () => {
    const euro = await aShop(harness, { teaStock: 100, mugStock: 100 });
    const before = await anOpenOrder(harness, euro);
    await harness.stores.updateStore(storefront.UpdateStoreRequest.fromPartial({ store_id: euro.storeId, currency: 'EUR' }));
    const quote = orders.QuoteCheckoutRequest.fromPartial({
      store_id: euro.storeId,
      address: US_ADDRESS,
      lines: [{ variant_id: euro.tea.variantId, quantity: 1 }],
    });
    await waitFor(async () => (await harness.client.quoteCheckout(quote)).currency === 'EUR' || undefined, {
      message: 'orders to see the store in EUR',
    });
    const after = await anOpenOrder(harness, euro, { lines: [{ variant_id: euro.tea.variantId, quantity: 1 }] });

    const answer = await summarize({ created_at_min: at(before), created_at_max: at(after) }, euro.storeId);

    expect([before.currency, after.currency]).toEqual(['USD', 'EUR']);
    const inEuros = sales('EUR', [{ gross_sales: 1000, discounts: 0, shipping: 500, taxes: 0 }]);
    const inDollars = sales('USD', [{ gross_sales: 2650, discounts: 0, shipping: 900, taxes: 0 }]);
    expect(answer.totals).toEqual({ ...inEuros, orders_count: 2 });
    expect(answer.by_currency).toEqual([inEuros, inDollars]);
  });
});
