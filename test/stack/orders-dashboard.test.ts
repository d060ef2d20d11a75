import type { components } from '@commerce/sdk';
import type { ApiAnswer, ApiClient } from '../support/api.client';
import { checkout, checkoutParams, isPlaced, stockShop, type CheckoutLine, type StockedShop } from '../support/orders.fixture';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * The owner dashboard's reads through the whole stack (docs/orders.md#listing, docs/orders.md#sales-summary): orders
 * found by number and by e-mail text (literally), paged with the search kept in next_url, and the sales of a range
 * with a discount, shipping, tax and a refund, summed by orders; another store's key sees none of it.
 */

type Order = components['schemas']['Order'];
type SalesFigures = components['schemas']['SalesFigures'];

const FIGURE_KEYS = ['orders_count', 'gross_sales', 'discounts', 'shipping', 'taxes', 'refunds', 'total_sales'];
const SUMMARY_KEYS = ['created_at_min', 'created_at_max', 'currency', ...FIGURE_KEYS, 'by_currency', 'by_day'].sort();

let world: TwoStoreStack;
let shop: ApiClient;
let stocked: StockedShop;
let rivalStocked: StockedShop;
/** Unix seconds before the first order. */
let startedAt: number;
let discounted: Order;
let refunded: Order;
let theirs: Order;

const variant = (stock: StockedShop, name: string) => stock.products.find((product) => product.name === name)!.variantIds[0]!;

async function placeOrder(subdomain: string, items: CheckoutLine[], overrides: Record<string, string>): Promise<Order> {
  const answer = await checkout(world.stack.baseUrl, subdomain, checkoutParams(items, overrides));
  if (!isPlaced(answer.status)) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body!.data as Order;
}

const idsOf = (answer: ApiAnswer) => (answer.body.data.orders as Order[]).map((order) => order.id);

beforeAll(async () => {
  world = await startTwoStoreStack('dashboard', ['dashshop', 'dashrival'], {
    CHECKOUT_BURST: '100000',
    CHECKOUT_PER_SECOND: '100000',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_SECOND: '100000',
  });
  shop = world.shop;
  const products = [
    { name: 'Tea', cents: 800, stock: [50] },
    { name: 'Mug', cents: 1250, stock: [50] },
  ];
  [stocked, rivalStocked] = [await stockShop(shop, products), await stockShop(world.rival, products)];
  expect((await shop.post('/v1/tax_rates.json', { country: 'US', name: 'US tax', rate: 10 })).status).toBe(200);
  expect((await shop.post('/v1/discounts.json', { code: 'TEN', kind: 'percentage', value: 10 })).status).toBe(200);
  startedAt = Math.floor(Date.now() / 1000) - 1;
  const [shopSite, rivalSite] = world.subdomains;
  // One tea with 10% off: 800 - 80, tax 72, shipping 500: 12.92.
  discounted = await placeOrder(shopSite, [{ variant_id: variant(stocked, 'Tea'), quantity: 1 }], {
    email: 'Ann.Lee@Buyer.example',
    discount_code: 'ten',
  });
  // Two mugs: 2500, tax 250, shipping 500 + 150: 34.00, then 10.00 of it refunded.
  refunded = await placeOrder(shopSite, [{ variant_id: variant(stocked, 'Mug'), quantity: 2 }], { email: 'bob_smith%x@buyer.example' });
  theirs = await placeOrder(rivalSite, [{ variant_id: variant(rivalStocked, 'Tea'), quantity: 1 }], { email: 'ann.lee@buyer.example' });
  expect((await shop.post(`/v1/orders/${refunded.id}/refunds.json`, { amount_in_cents: 1000 })).status).toBe(200);
});

afterAll(() => world?.stop());

describe('GET /v1/orders?q= (docs/orders.md#listing)', () => {
  it("finds an order by its number and by text of its e-mail, literally, never another store's", async () => {
    expect(discounted).toMatchObject({ subtotal: 800, discounts: 80, tax: 72, shipping: 500, price: '12.92' });
    expect(refunded).toMatchObject({ subtotal: 2500, discounts: 0, tax: 250, shipping: 650, price: '34.00' });

    expect(idsOf(await shop.get(`/v1/orders.json?q=%23${refunded.id}`))).toEqual([refunded.id]);
    expect(idsOf(await shop.get('/v1/orders.json?q=ANN.LEE'))).toEqual([discounted.id]);
    expect(idsOf(await shop.get('/v1/orders.json?q=%25x'))).toEqual([refunded.id]);
    expect(idsOf(await shop.get('/v1/orders.json?q=b_b'))).toEqual([]);
    expect(idsOf(await world.rival.get('/v1/orders.json?q=ann.lee'))).toEqual([theirs.id]);
    expect(idsOf(await world.rival.get(`/v1/orders.json?q=%23${discounted.id}`))).toEqual([]);
  });

  it('pages a search with its filters kept in next_url, until next_url is null', async () => {
    const query = `q=buyer.example&status=open&created_at_min=${startedAt}&limit=1`;
    const first = await shop.get(`/v1/orders.json?${query}`);

    expect(idsOf(first)).toEqual([refunded.id]);
    expect(first.body.pagination).toMatchObject({ total: 2, current_max_id: refunded.id });
    const next = new URL(first.body.pagination.next_url as string);
    expect(`${next.pathname}${next.search}`).toBe(`/v1/orders.json?${query}&older_than_id=${refunded.id + 1}&page=2`);
    const second = await shop.get(`${next.pathname}${next.search}`);
    expect(idsOf(second)).toEqual([discounted.id]);
    expect(second.body.pagination).toMatchObject({ next_url: null });
  });

  it('answers 422 on q for a search longer than 254 characters', async () => {
    const answer = await shop.get(`/v1/orders.json?q=${'a'.repeat(255)}`);

    expect(answer.status).toBe(422);
    expect(answer.body.meta.errors).toEqual({ q: ['is too long (maximum is 254 characters)'] });
  });
});

describe('GET /v1/orders/summary (docs/orders.md#sales-summary)', () => {
  it('answers the sales of the range: 33.00 - 0.80 + 11.50 + 3.22 - 10.00, per currency and per day', async () => {
    const answer = await shop.get(`/v1/orders/summary.json?created_at_min=${startedAt}&created_at_max=${startedAt + 2 * 86_400}`);

    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body.data).sort()).toEqual(SUMMARY_KEYS);
    const figures = {
      orders_count: 2,
      gross_sales: '33.00',
      discounts: '0.80',
      shipping: '11.50',
      taxes: '3.22',
      refunds: '10.00',
      total_sales: '36.92',
    };
    expect(answer.body.data).toMatchObject({ currency: 'USD', ...figures, by_currency: [{ currency: 'USD', ...figures }] });
    const days = answer.body.data.by_day as SalesFigures[];
    expect(days.length).toBeGreaterThanOrEqual(2);
    const cents = (field: 'gross_sales' | 'refunds' | 'total_sales') =>
      days.reduce((total, day) => total + Math.round(Number(day[field]) * 100), 0);
    expect(days.reduce((total, day) => total + day.orders_count, 0)).toBe(2);
    expect([cents('gross_sales'), cents('refunds'), cents('total_sales')]).toEqual([3300, 1000, 3692]);
  });

  it("counts only the store's own orders", async () => {
    const answer = await world.rival.get(`/v1/orders/summary.json?created_at_min=${startedAt}&created_at_max=${startedAt + 86_400}`);

    expect(answer.body.data).toMatchObject({ orders_count: 1, gross_sales: '8.00', shipping: '5.00', taxes: '0.00', total_sales: '13.00' });
  });

  it('answers 422 for a missing end or a range longer than 366 days', async () => {
    const missing = await shop.get(`/v1/orders/summary.json?created_at_min=${startedAt}`);
    const tooLong = await shop.get(`/v1/orders/summary.json?created_at_min=${startedAt - 367 * 86_400}&created_at_max=${startedAt}`);

    expect([missing.status, tooLong.status]).toEqual([422, 422]);
    expect(missing.body.meta.errors).toEqual({ created_at_max: ['is required'] });
    expect(tooLong.body.meta.errors).toEqual({ created_at_max: ['must be at most 366 days after created_at_min'] });
  });
});
