import type { ApiClient } from '../support/api.client';
import {
  allOrders,
  checkout,
  checkoutParams,
  isPlaced,
  stockOf,
  stockShop,
  type CheckoutAnswer,
  type StockedProduct,
} from '../support/orders.fixture';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 13 (docs/orders.md#how-a-checkout-runs-orders-service: "no stock is lost or oversold, ever"): 200 buyers check out one unit each of
 * a variant with 10 in stock, all at once. Exactly 10 orders are placed; the 190 others get a clean 409
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
    world = await startTwoStoreStack('oversell', ['oversellshop', 'oversellrival'], {
      CHECKOUT_BURST: '100000',
      CHECKOUT_PER_SECOND: '100000',
    });
    shop = world.shop;
    subdomain = world.subdomains[0];
  });

  afterAll(() => world?.stop());

  it('places exactly 10 orders, refuses 190 with 409 OutOfStock, and catalog counts 0 left and 10 sold', async () => {
    const { products } = await stockShop(shop, [{ name: 'Limited Print', cents: 4500, stock: [STOCK] }]);
    const product = products[0]!;
    const variantId = product.variantIds[0]!;

    const answers: CheckoutAnswer[] = await Promise.all(
      Array.from({ length: BUYERS }, (_, n) =>
        checkout(
          world.stack.baseUrl,
          subdomain,
          checkoutParams([{ variant_id: variantId, quantity: 1 }], { email: `buyer${n}@buyer.example` }),
          { timeoutMs: 110_000 },
        ),
      ),
    );

    const tally: Record<string, number> = {};
    for (const answer of answers) {
      const kind = isPlaced(answer.status)
        ? `placed ${answer.body?.data?.status}`
        : `${answer.status} ${answer.body?.meta?.error_type ?? ''}`.trim();
      tally[kind] = (tally[kind] ?? 0) + 1;
    }
    expect(tally).toEqual({ 'placed open': STOCK, '409 OutOfStock': BUYERS - STOCK });

    const placed = answers.filter((answer) => isPlaced(answer.status)).map((answer) => answer.body!.data);
    for (const order of placed)
      expect(order).toMatchObject({
        status: 'open',
        paid_at: expect.any(String),
        items: [{ item: { variant_id: variantId, quantity: 1 } }],
      });
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

  it('holds with two products per checkout: as many orders as the scarcer allows, no unit lost, the other never out of stock', async () => {
    const before = (await allOrders(shop)).length;
    // The plentiful hook is created first: catalog takes a reservation's products in id order, so every checkout takes a
    // hook before it finds whether a frame is left, and gives it back when none is.
    const { products } = await stockShop(shop, [
      { name: 'Hook', cents: 300, stock: [3 * STOCK] },
      { name: 'Frame', cents: 2000, stock: [STOCK] },
    ]);
    const [hook, frame] = products as [StockedProduct, StockedProduct];
    const lines = [
      { variant_id: frame.variantIds[0]!, quantity: 1 },
      { variant_id: hook.variantIds[0]!, quantity: 1 },
    ];
    const buyers = BUYERS / 2;

    const answers = await Promise.all(
      Array.from({ length: buyers }, (_, n) =>
        checkout(
          world.stack.baseUrl,
          subdomain,
          checkoutParams(n % 2 === 0 ? lines : [...lines].reverse(), { email: `pair${n}@buyer.example` }),
          { timeoutMs: 110_000 },
        ),
      ),
    );
    const tally: Record<string, number> = {};
    for (const answer of answers) {
      const kind = isPlaced(answer.status)
        ? `placed ${answer.body?.data?.status}`
        : `${answer.status} ${answer.body?.meta?.error_type ?? ''}`.trim();
      tally[kind] = (tally[kind] ?? 0) + 1;
    }
    expect(tally).toEqual({ 'placed open': STOCK, '409 OutOfStock': buyers - STOCK });
    expect(await stockOf(shop, frame.id, frame.variantIds[0]!)).toEqual({ in_stock: 0, sold: STOCK });
    expect(await stockOf(shop, hook.id, hook.variantIds[0]!)).toEqual({ in_stock: 2 * STOCK, sold: STOCK });
    expect((await allOrders(shop)).length).toBe(before + STOCK);
    expect(await allOrders(shop, 'pending')).toEqual([]);

    // Every refusal names the frame, the line that was short. The hook never was: 20 of its 30 are left at the end, and
    // a reservation is atomic (docs/orders.md#how-a-checkout-runs-orders-service), so no buyer may be told it is out of stock.
    const refusals = answers.filter((answer) => answer.status === 409).map((answer) => answer.body!.meta.errors.items as string[]);
    expect(refusals.filter((items) => !items.some((line) => line.includes(`variant ${frame.variantIds[0]} `)))).toEqual([]);
    const namingTheHook = refusals.filter((items) => items.some((line) => line.includes(`variant ${hook.variantIds[0]} `)));
    expect({ refusalsNamingTheHook: namingTheHook.length, example: namingTheHook[0] }).toEqual({
      refusalsNamingTheHook: 0,
      example: undefined,
    });
  }, 300_000);

  it('sells every unit while other checkouts that cannot be filled come and go: no buyer refused for stock that is there', async () => {
    const before = (await allOrders(shop)).length;
    // Half the buyers want a print and its frame; the other half a print and a mount that is sold out, so each of them is
    // refused (and must take nothing, not even for a moment: a reservation is atomic, docs/orders.md#how-a-checkout-runs-orders-service).
    const { products } = await stockShop(shop, [
      { name: 'Print', cents: 900, stock: [STOCK] },
      { name: 'Print Frame', cents: 1500, stock: [STOCK] },
      { name: 'Mount', cents: 200, stock: [0] },
    ]);
    const [print, printFrame, mount] = products as [StockedProduct, StockedProduct, StockedProduct];
    const line = (product: StockedProduct) => ({ variant_id: product.variantIds[0]!, quantity: 1 });
    const answers = await Promise.all(
      Array.from({ length: BUYERS / 2 }, (_, n) =>
        checkout(
          world.stack.baseUrl,
          subdomain,
          checkoutParams(n % 2 === 0 ? [line(print), line(printFrame)] : [line(print), line(mount)], { email: `mixed${n}@buyer.example` }),
          { timeoutMs: 110_000 },
        ),
      ),
    );
    const framed = answers.filter((_, n) => n % 2 === 0);
    const mounted = answers.filter((_, n) => n % 2 === 1);
    expect(mounted.filter((answer) => answer.status !== 409 || answer.body?.meta?.error_type !== 'OutOfStock')).toEqual([]);
    const tally = (list: typeof answers) =>
      list.reduce<Record<string, number>>((counts, answer) => {
        const kind = isPlaced(answer.status) ? 'placed' : `${answer.status} ${answer.body?.meta?.error_type ?? ''}`.trim();
        return { ...counts, [kind]: (counts[kind] ?? 0) + 1 };
      }, {});
    const stock = {
      print: await stockOf(shop, print.id, print.variantIds[0]!),
      frame: await stockOf(shop, printFrame.id, printFrame.variantIds[0]!),
    };
    // 50 buyers asked for 10 prints with frames: all 10 are sold, and none is left while a buyer was refused.
    expect({ framed: tally(framed), stock }).toEqual({
      framed: { placed: STOCK, '409 OutOfStock': BUYERS / 2 / 2 - STOCK },
      stock: { print: { in_stock: 0, sold: STOCK }, frame: { in_stock: 0, sold: STOCK } },
    });
    expect((await allOrders(shop)).length).toBe(before + STOCK);
  }, 300_000);
});
