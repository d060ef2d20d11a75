import { waitFor } from '@commerce/testing';
import type { ApiAnswer, ApiClient } from '../support/api.client';
import { checkout, checkoutParams, isPlaced, stockOf, stockShop, type CheckoutLine, type StockedShop } from '../support/orders.fixture';
import type { JsonBody } from '../support/stack.harness';
import { subjectEvents } from '../support/subject-events.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 32 item 5: refunds through the whole stack (docs/money.md#refunds). Orders are placed by buyers at checkout
 * with the test processor; the owner refunds amounts or items (with shipping, with restock), never more than was
 * paid even when ten refunds race, a retried POST with its Idempotency-Key refunds once, a card whose refunds are
 * declined leaves the order as it was, a cancel of a paid order refunds it and puts its stock back, and another
 * store's key never reaches the order. A refund's calculation (docs/money.md#calculating-a-refund) answers what the
 * refund then makes, and changes nothing.
 */

const REFUND_KEYS = ['id', 'order_id', 'amount', 'amount_in_cents', 'items', 'shipping', 'restock', 'note', 'status', 'created_at'].sort();

let world: TwoStoreStack;
let shop: ApiClient;
let stocked: StockedShop;

beforeAll(async () => {
  world = await startTwoStoreStack('refunds', ['refundshop', 'refundrival'], {
    CHECKOUT_BURST: '100000',
    CHECKOUT_PER_SECOND: '100000',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_SECOND: '100000',
  });
  shop = world.shop;
  stocked = await stockShop(shop, [
    { name: 'Mug', cents: 1250, stock: [50] },
    { name: 'Tea', cents: 800, stock: [50] },
    { name: 'Pot', cents: 3000, stock: [50] },
  ]);
});

afterAll(() => world?.stop());

const variantOf = (name: string): { productId: number; variantId: number } => {
  const product = stocked.products.find((candidate) => candidate.name === name)!;
  return { productId: product.id, variantId: product.variantIds[0]! };
};
const line = (name: string, quantity: number): CheckoutLine => ({ variant_id: variantOf(name).variantId, quantity });
const stock = (name: string) => stockOf(shop, variantOf(name).productId, variantOf(name).variantId).then((answer) => answer.in_stock);

/** A buyer's paid order, as checkout answered it. */
async function placeOrder(lines: CheckoutLine[], token = 'tok_visa'): Promise<JsonBody> {
  const answer = await checkout(world.stack.baseUrl, world.subdomains[0], checkoutParams(lines, { payment_token: token }));
  if (!isPlaced(answer.status)) throw new Error(`checkout answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body!.data as JsonBody;
}

const orderOf = async (orderId: number): Promise<JsonBody> => (await shop.get(`/v1/orders/${orderId}.json`)).body.data as JsonBody;
const refund = (orderId: number, params: Record<string, unknown>, client: ApiClient = shop): Promise<ApiAnswer> =>
  client.post(`/v1/orders/${orderId}/refunds.json`, params);
const calculate = (orderId: number, params: Record<string, unknown>, client: ApiClient = shop, style: 'json' | 'form' = 'json') =>
  client.post(`/v1/orders/${orderId}/refunds/calculate.json`, params, style);
const itemId = (order: JsonBody, variantId: number): number =>
  (order.items as Array<{ item: JsonBody }>).find(({ item }) => item.variant_id === variantId)!.item.id as number;

/** POST with an Idempotency-Key. */
async function refundWithKey(orderId: number, params: Record<string, unknown>, key: string): Promise<ApiAnswer> {
  const response = await fetch(`${shop.baseUrl}/v1/orders/${orderId}/refunds.json`, {
    method: 'POST',
    headers: { 'API-KEY': shop.apiKey, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as JsonBody, headers: response.headers };
}

describe('refunds (docs/money.md#refunds)', () => {
  it('refunds an amount: partially_refunded, then the rest: refunded, then nothing more (422 naming what is left)', async () => {
    const order = await placeOrder([line('Mug', 2)]);
    const total = order.subtotal + order.shipping + order.tax - order.discounts;
    expect(order).toMatchObject({ financial_status: 'paid', refunded: 0, refunds: [] });

    const first = await refund(order.id, { amount_in_cents: 1000, note: 'Goodwill' });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.data).sort()).toEqual(REFUND_KEYS);
    expect(first.body.data).toMatchObject({
      order_id: order.id,
      amount: '10.00',
      amount_in_cents: 1000,
      items: [],
      shipping: false,
      restock: false,
      note: 'Goodwill',
      status: 'succeeded',
    });
    const partly = await orderOf(order.id);
    expect(partly).toMatchObject({ status: 'open', financial_status: 'partially_refunded', refunded: 1000, refunds: [first.body.data] });

    const rest = await refund(order.id, { amount_in_cents: total - 1000 });
    expect(rest.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'refunded', refunded: total });

    const more = await refund(order.id, { amount_in_cents: 1 });
    expect(more.status).toBe(422);
    expect(more.body.meta.errors).toEqual({ amount_in_cents: ['is more than the 0 left to refund'] });

    const listed = await shop.get(`/v1/orders/${order.id}/refunds.json`);
    expect(listed.status).toBe(200);
    expect((listed.body.data.refunds as JsonBody[]).map((each) => each.amount_in_cents)).toEqual([1000, total - 1000]);

    // refund/created carries the refund as the API renders it.
    const events = await waitFor(
      async () => {
        const found = await subjectEvents(world.bus, 'orders', `events.orders.${world.shopStoreId}.refund/created`);
        const mine = found.filter((event) => (event.resource as JsonBody).order_id === order.id);
        return mine.length === 2 ? mine : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250, message: 'two refund/created events of the order' },
    );
    expect(events.map((event) => event.resource)).toEqual(listed.body.data.refunds);

    // A public topic: webhooks takes it into the store's feed, whence it delivers to subscribed webhooks.
    const feed = await waitFor(
      async () => {
        const answer = await shop.get('/v1/events.json?topic=refund%2Fcreated&limit=250');
        const mine = (answer.body.data?.events ?? []).filter((event: JsonBody) => event.resource?.order_id === order.id);
        return mine.length === 2 ? mine : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 250, message: 'the refund events in GET /v1/events' },
    );
    expect(feed.map((event: JsonBody) => event.topic)).toEqual(['refund/created', 'refund/created']);
  });

  it('refunds items with shipping and restock (form body): the units are back on the variant; the parts sum to the total', async () => {
    const order = await placeOrder([line('Tea', 3), line('Pot', 1)]);
    const total = order.subtotal + order.shipping + order.tax - order.discounts;
    const teaItem = itemId(order, variantOf('Tea').variantId);
    const potItem = itemId(order, variantOf('Pot').variantId);
    const teaBefore = await stock('Tea');

    const first = await shop.post(
      `/v1/orders/${order.id}/refunds.json`,
      { items: [{ item_id: teaItem, quantity: 2 }], shipping: 'true', restock: '1' },
      'form',
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      amount_in_cents: 2 * 800 + order.shipping,
      items: [{ item_id: teaItem, quantity: 2 }],
      shipping: true,
      restock: true,
    });
    expect(await stock('Tea')).toBe(teaBefore + 2);
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'partially_refunded' });

    // Shipping once; no more units than the line has left.
    const again = await refund(order.id, { items: [{ item_id: teaItem, quantity: 2 }], shipping: true });
    expect(again.status).toBe(422);
    expect(again.body.meta.errors).toEqual({
      items: [`only 1 of item ${teaItem} left to refund, 2 asked`],
      shipping: ['is refunded already'],
    });

    const rest = await refund(order.id, {
      items: [
        { item_id: teaItem, quantity: 1 },
        { item_id: potItem, quantity: 1 },
      ],
    });
    expect(rest.status).toBe(200);
    expect(first.body.data.amount_in_cents + rest.body.data.amount_in_cents).toBe(total);
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'refunded', refunded: total });
    expect(await stock('Tea')).toBe(teaBefore + 2); // the second refund did not restock
  });

  it('calculates a refund before it is made: nothing changes; the refund made next has its amount and leaves what it said', async () => {
    const order = await placeOrder([line('Tea', 3), line('Pot', 1)]);
    const total = order.subtotal + order.shipping + order.tax - order.discounts;
    const teaItem = itemId(order, variantOf('Tea').variantId);
    const potItem = itemId(order, variantOf('Pot').variantId);
    const asked = { items: [{ item_id: teaItem, quantity: 2 }], shipping: true, restock: true, note: 'Wrong tea' };
    const before = await orderOf(order.id);
    const teaBefore = await stock('Tea');

    const calculated = await calculate(order.id, asked);

    expect(calculated.status).toBe(200);
    const shipping = order.shipping + order.shipping_tax;
    const amount = 2 * 800 + shipping;
    const decimal = (cents: number) => (cents / 100).toFixed(2);
    expect(calculated.body.data).toEqual({
      order_id: order.id,
      currency: 'USD',
      amount: decimal(amount),
      amount_in_cents: amount,
      items: [{ item_id: teaItem, quantity: 2, amount: '16.00', amount_in_cents: 1600 }],
      shipping: true,
      shipping_amount: decimal(shipping),
      shipping_amount_in_cents: shipping,
      restock: true,
      note: 'Wrong tea',
      left_to_refund: decimal(total - amount),
      left_to_refund_in_cents: total - amount,
    });
    expect(await orderOf(order.id)).toEqual(before);
    expect(await stock('Tea')).toBe(teaBefore);

    const made = await refund(order.id, asked);
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ amount: calculated.body.data.amount, amount_in_cents: calculated.body.data.amount_in_cents });
    expect(total - (await orderOf(order.id)).refunded).toBe(calculated.body.data.left_to_refund_in_cents);

    // Asked again, it is refused as the refund is; the rest (as a form) leaves nothing, and the refund of it agrees.
    const again = await calculate(order.id, asked);
    expect({ status: again.status, errors: again.body.meta.errors }).toEqual({
      status: 422,
      errors: { items: [`only 1 of item ${teaItem} left to refund, 2 asked`], shipping: ['is refunded already'] },
    });
    const restAsked = {
      items: [
        { item_id: teaItem, quantity: 1 },
        { item_id: potItem, quantity: 1 },
      ],
    };
    const rest = await calculate(order.id, restAsked, shop, 'form');
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ amount_in_cents: total - amount, left_to_refund: '0.00', left_to_refund_in_cents: 0 });
    expect(rest.body.data.items.map((each: JsonBody) => each.amount_in_cents)).toEqual([800, 3000]);
    expect((await refund(order.id, restAsked)).body.data.amount_in_cents).toBe(rest.body.data.amount_in_cents);
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'refunded', refunded: total });
  });

  it('refuses bad requests field by field and an item of another order', async () => {
    const order = await placeOrder([line('Mug', 1)]);
    const other = await placeOrder([line('Mug', 1)]);
    const cases: Array<[Record<string, unknown>, JsonBody]> = [
      [{}, { base: ['give amount_in_cents or items'] }],
      [{ amount_in_cents: 0 }, { amount_in_cents: ['must be at least 1'] }],
      [{ amount_in_cents: 'lots' }, { amount_in_cents: ['must be an integer'] }],
      [{ amount_in_cents: 99_999_999 }, { amount_in_cents: [`is more than the ${order.subtotal + order.shipping} left to refund`] }],
      [
        { items: [{ item_id: itemId(other, variantOf('Mug').variantId), quantity: 1 }] },
        expect.objectContaining({ items: expect.any(Array) }),
      ],
      [{ amount_in_cents: 5, restock: true }, { restock: ['needs items to put back'] }],
    ];
    for (const [params, errors] of cases) {
      const answer = await refund(order.id, params);
      expect({ params, status: answer.status, errors: answer.body.meta.errors }).toEqual({ params, status: 422, errors });
    }
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'paid', refunds: [] });
  });

  it('ten concurrent refunds that together exceed what was paid never refund more than it', async () => {
    const order = await placeOrder([line('Pot', 1)]);
    const total = order.subtotal + order.shipping + order.tax - order.discounts; // 3500
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, { amount_in_cents: 400 })));
    const statuses = answers.map((answer) => answer.status).sort();
    const refunded = answers.filter((answer) => answer.status === 200).length * 400;
    expect(refunded).toBeLessThanOrEqual(total);
    expect(refunded).toBe(Math.floor(total / 400) * 400);
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    const after = await orderOf(order.id);
    expect(after.refunded).toBe(refunded);
    expect((after.refunds as JsonBody[]).reduce((sum, each) => sum + (each.amount_in_cents as number), 0)).toBe(refunded);
    expect((await refund(order.id, { amount_in_cents: total - refunded + 1 })).status).toBe(422);
    expect((await refund(order.id, { amount_in_cents: total - refunded })).status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'refunded', refunded: total });
  });

  it('a POST repeated with its Idempotency-Key answers the same refund and refunds once', async () => {
    const order = await placeOrder([line('Mug', 1)]);
    const key = `refund-${order.id}`;
    const first = await refundWithKey(order.id, { amount_in_cents: 300 }, key);
    const repeat = await refundWithKey(order.id, { amount_in_cents: 300 }, key);
    expect(first.status).toBe(200);
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toEqual(first.body.data);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    const other = await refundWithKey(order.id, { amount_in_cents: 301 }, key);
    expect(other.status).toBe(422);
    expect(await orderOf(order.id)).toMatchObject({ refunded: 300, refunds: [first.body.data] });
  });

  it('a card whose refunds are declined: 409 RefundDeclined, and neither a refund nor a cancel changes the order', async () => {
    const order = await placeOrder([line('Mug', 1)], 'tok_refundDeclined');
    const before = await orderOf(order.id);
    expect(before).toMatchObject({ status: 'open', financial_status: 'paid' });
    const stockBefore = await stock('Mug');

    // A calculation asks no processor: it answers as for any card.
    expect((await calculate(order.id, { amount_in_cents: 100 })).body.data).toMatchObject({ amount_in_cents: 100 });
    const declined = await refund(order.id, { amount_in_cents: 100 });
    expect(declined.status).toBe(409);
    expect(declined.body.meta.error_type).toBe('RefundDeclined');
    expect(declined.body.error).toMatch(/declined the refund/);
    expect(await orderOf(order.id)).toEqual(before);

    const cancel = await shop.put(`/v1/orders/${order.id}/cancel.json`, {});
    expect(cancel.status).toBe(409);
    expect(cancel.body.meta.error_type).toBe('RefundDeclined');
    expect(await orderOf(order.id)).toEqual(before);
    expect(await stock('Mug')).toBe(stockBefore);
    expect((await shop.get(`/v1/orders/${order.id}/refunds.json`)).body.data.refunds).toEqual([]);
  });

  it('canceling a paid order refunds what is left and puts back the stock a refund did not restock already', async () => {
    const stockBefore = await stock('Mug');
    const order = await placeOrder([line('Mug', 3)]);
    const total = order.subtotal + order.shipping + order.tax - order.discounts;
    expect(await stock('Mug')).toBe(stockBefore - 3);
    const partial = await refund(order.id, { items: [{ item_id: itemId(order, variantOf('Mug').variantId), quantity: 1 }], restock: true });
    expect(partial.status).toBe(200);
    expect(await stock('Mug')).toBe(stockBefore - 2);

    const canceled = await shop.put(`/v1/orders/${order.id}/cancel.json`, {});
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ status: 'canceled', financial_status: 'refunded', refunded: total });
    expect((canceled.body.data.refunds as JsonBody[]).map((each) => [each.amount_in_cents, each.note])).toEqual([
      [1250, ''],
      [total - 1250, 'Order canceled'],
    ]);
    expect(await stock('Mug')).toBe(stockBefore);
  });

  it("another store's key gets 404 for the order's refunds and their calculation, and refunds nothing", async () => {
    const order = await placeOrder([line('Mug', 1)]);
    const post = await refund(order.id, { amount_in_cents: 100 }, world.rival);
    expect(post.status).toBe(404);
    const calculated = await calculate(order.id, { amount_in_cents: 100 }, world.rival);
    expect({ status: calculated.status, type: calculated.body.meta.error_type }).toEqual({ status: 404, type: 'NotFound' });
    expect((await calculate(999_999, { amount_in_cents: 100 })).status).toBe(404);
    expect((await world.rival.get(`/v1/orders/${order.id}/refunds.json`)).status).toBe(404);
    expect((await shop.get(`/v1/orders/999999/refunds.json`)).status).toBe(404);
    expect(await orderOf(order.id)).toMatchObject({ financial_status: 'paid', refunds: [] });
  });
});
