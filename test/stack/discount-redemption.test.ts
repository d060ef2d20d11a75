import type { ApiClient } from '../support/api.client';
import { allOrders, checkout, checkoutParams, isPlaced, stockShop, type CheckoutAnswer } from '../support/orders.fixture';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 32 item 3 (docs/money.md#discount-codes): a code is never used more often than it allows, however many buyers
 * try it at once; a failed or canceled order gives its use back; a once-per-buyer code is once per e-mail address.
 */

const BUYERS = 200;
const USES = 10;

describe('a discount code under 200 concurrent checkouts', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let subdomain: string;
  let variantId: number;

  beforeAll(async () => {
    world = await startTwoStoreStack('redeem', ['redeemshop', 'redeemrival'], { CHECKOUT_BURST: '100000', CHECKOUT_PER_SECOND: '100000' });
    shop = world.shop;
    subdomain = world.subdomains[0];
    const { products } = await stockShop(shop, [{ name: 'Poster', cents: 2000, stock: [10_000] }]);
    variantId = products[0]!.variantIds[0]!;
  }, 180_000);

  afterAll(() => world?.stop());

  const buy = (code: string, overrides: Record<string, string> = {}) =>
    checkout(world.stack.baseUrl, subdomain, {
      ...checkoutParams([{ variant_id: variantId, quantity: 1 }], overrides),
      discount_code: code,
    });
  const timesUsed = async (id: number) => (await shop.get(`/v1/discounts/${id}.json`)).body.data.times_used as number;

  it('places exactly 10 orders with a code limited to 10 uses, and refuses the other 190 with 409 DiscountUnavailable', async () => {
    const created = await shop.post('/v1/discounts.json', { code: 'TEN', kind: 'fixed_amount', value: 500, usage_limit: USES });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;

    const answers: CheckoutAnswer[] = await Promise.all(
      Array.from({ length: BUYERS }, (_, n) =>
        checkout(
          world.stack.baseUrl,
          subdomain,
          { ...checkoutParams([{ variant_id: variantId, quantity: 1 }], { email: `buyer${n}@buyer.example` }), discount_code: 'ten' },
          { timeoutMs: 110_000 },
        ),
      ),
    );
    const tally: Record<string, number> = {};
    for (const answer of answers) {
      const kind = isPlaced(answer.status) ? 'placed' : `${answer.status} ${answer.body?.meta?.error_type ?? ''}`.trim();
      tally[kind] = (tally[kind] ?? 0) + 1;
    }
    expect(tally).toEqual({ placed: USES, '409 DiscountUnavailable': BUYERS - USES });
    const withCode = (await allOrders(shop)).filter((order) => order.discount_code === 'TEN');
    expect(withCode).toHaveLength(USES);
    for (const order of withCode) expect(order).toMatchObject({ discounts: 500, status: 'open' });
    expect(await timesUsed(id)).toBe(USES);

    // A canceled order gives its use back: one more buyer gets it, and then nobody.
    expect((await shop.put(`/v1/orders/${withCode[0]!.id as number}/cancel.json`, {})).status).toBe(200);
    expect(await timesUsed(id)).toBe(USES - 1);
    expect((await buy('TEN', { email: 'late@buyer.example' })).status).toBe(200);
    const spent = await buy('TEN', { email: 'later@buyer.example' });
    expect(spent.status).toBe(409);
    expect(spent.body!.meta.error_type).toBe('DiscountUnavailable');
    expect(await timesUsed(id)).toBe(USES);
  }, 300_000);

  it('gives the use of a declined checkout back', async () => {
    const created = await shop.post('/v1/discounts.json', { code: 'ONCE', kind: 'percentage', value: 10, usage_limit: 1 });
    const id = created.body.data.id as number;
    const declined = await buy('ONCE', { payment_token: 'tok_chargeDeclined' });
    expect(declined.status).toBe(402);
    expect(await timesUsed(id)).toBe(0);
    expect((await buy('ONCE')).status).toBe(200);
    expect(await timesUsed(id)).toBe(1);
  });

  it('lets each e-mail address use a once-per-buyer code once, whatever its case', async () => {
    expect(
      (await shop.post('/v1/discounts.json', { code: 'WELCOME', kind: 'percentage', value: 15, once_per_customer: true })).status,
    ).toBe(200);
    expect((await buy('WELCOME', { email: 'Ann@Buyer.example' })).status).toBe(200);
    const again = await buy('WELCOME', { email: 'ann@buyer.example' });
    expect(again.status).toBe(422);
    expect(again.body!.meta.errors.discount_code).toEqual([expect.stringContaining('already been used')]);
    expect((await buy('WELCOME', { email: 'bob@buyer.example' })).status).toBe(200);
  });
});
