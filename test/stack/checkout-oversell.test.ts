import type { ApiClient } from '../support/api.client';
import { allOrders, checkout, checkoutParams, isPlaced, stockOf, stockShop, type CheckoutAnswer } from '../support/orders.fixture';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 13 (DESIGN §10: "no stock is lost or oversold, ever"): 200 buyers check out one unit each of a
 * variant with 10 in stock, all at once. Exactly 10 orders are placed; the 190 others get a clean 409
 * OutOfStock, and catalog's count ends at 0 in stock, 10 sold.
 */

const BUYERS = 200;
const STOCK = 10;

describe('200 concurrent checkouts for 10 units', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let subdomain: string;

  beforeAll(async () => {
    // Every checkout comes from this one address: the per-address checkout limit must let them all through.
    world = await startTwoStoreStack('oversell', ['oversellshop', 'oversellrival'], { CHECKOUT_BURST: '100000', CHECKOUT_PER_SECOND: '100000' });
    shop = world.shop;
    subdomain = world.subdomains[0];
  });

  afterAll(() => world?.stop());

  it('places exactly 10 orders, refuses 190 with 409 OutOfStock, and catalog counts 0 left and 10 sold', async () => {
    const { products } = await stockShop(shop, [{ name: 'Limited Print', cents: 4500, stock: [STOCK] }]);
    const product = products[0]!;
    const variantId = product.variantIds[0]!;

    const answers: CheckoutAnswer[] = await Promise.all(
      Array.from({ length: BUYERS }, (_, n) => checkout(world.stack.baseUrl, subdomain, checkoutParams([{ variant_id: variantId, quantity: 1 }], { email: `buyer${n}@buyer.example` }), { timeoutMs: 110_000 })),
    );

    const tally: Record<string, number> = {};
    for (const answer of answers) {
      const kind = isPlaced(answer.status) ? `placed ${answer.body?.data?.status}` : `${answer.status} ${answer.body?.meta?.error_type ?? ''}`.trim();
      tally[kind] = (tally[kind] ?? 0) + 1;
    }
    expect(tally).toEqual({ 'placed open': STOCK, '409 OutOfStock': BUYERS - STOCK });

    const placed = answers.filter((answer) => isPlaced(answer.status)).map((answer) => answer.body!.data);
    for (const order of placed) expect(order).toMatchObject({ status: 'open', paid_at: expect.any(String), items: [{ item: { variant_id: variantId, quantity: 1 } }] });
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body!.meta).toMatchObject({ code: 409, error_type: 'OutOfStock' });
      expect(refused.body!.meta.errors.items).toEqual([expect.stringContaining(String(variantId))]);
    }

    expect(await stockOf(shop, product.id, variantId)).toEqual({ in_stock: 0, sold: STOCK });
    const open = await allOrders(shop, 'open');
    expect(open).toHaveLength(STOCK);
    expect(open.map((order) => order.id).sort()).toEqual(placed.map((order) => order.id).sort());
    expect(await allOrders(shop, 'pending')).toEqual([]);
    expect((await allOrders(shop)).length).toBe(STOCK);
  }, 300_000);
});
