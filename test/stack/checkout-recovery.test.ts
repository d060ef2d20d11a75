import { waitFor } from '@commerce/testing';
import type { ApiClient } from '../support/api.client';
import {
  allOrders,
  checkout,
  checkoutParams,
  isPlaced,
  stockOf,
  stockShop,
  unitsHeld,
  type CheckoutAnswer,
  type StockedProduct,
} from '../support/orders.fixture';
import type { JsonBody, StackHandle } from '../support/stack.harness';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 13 (docs/orders.md#how-a-checkout-runs-orders-service: "a crash at any step is finished or undone by a recovery sweep; no stock is
 * lost or oversold, ever"). The orders process kills itself (SIGKILL) right after one step of the checkout saga
 * (ORDERS_FAILPOINT, services/orders/src/infra/failpoints.ts); it is started again without the failpoint and
 * its sweep must leave no order pending: a charged checkout becomes an open, paid order, any other is undone
 * with its stock back in catalog. Then a checkout while catalog, or shipping, is down answers 503 and holds
 * no stock once the sweep (or the checkout itself) has released it.
 */

const LEASE_MS = 1_000;
const SWEEP_MS = 200;
const FAILPOINTS = ['after-checkout', 'after-reserve', 'after-order', 'after-charge'] as const;
const UNITS = 6;

describe('checkout recovery after a crash of orders, and with a backend down', () => {
  let world: TwoStoreStack;
  let stack: StackHandle;
  let shop: ApiClient;
  let subdomain: string;
  /** Every variant of the shop and the stock it started with. */
  const startingStock = new Map<number, { productId: number; units: number }>();
  const productFor = new Map<string, StockedProduct>();

  beforeAll(async () => {
    world = await startTwoStoreStack('recovery', ['recoveryshop', 'recoveryrival'], {
      // Only orders reads these two: its lease and sweep made short enough to wait for.
      CHECKOUT_LEASE_MS: String(LEASE_MS),
      CHECKOUT_SWEEP_INTERVAL_MS: String(SWEEP_MS),
      CHECKOUT_BURST: '100000',
      CHECKOUT_PER_SECOND: '100000',
    });
    ({ stack, shop } = world);
    subdomain = world.subdomains[0];
    const cases = [...FAILPOINTS, 'catalog-down', 'shipping-down', 'cancel-catalog-down'];
    const { products } = await stockShop(
      shop,
      cases.map((name) => ({ name: `Case ${name}`, cents: 1500, stock: [UNITS, UNITS] })),
    );
    for (const [index, name] of cases.entries()) {
      const product = products[index]!;
      productFor.set(name, product);
      for (const variantId of product.variantIds) startingStock.set(variantId, { productId: product.id, units: UNITS });
    }
  });

  afterAll(() => world?.stop());

  /** Two units of the product's first variant and one of its second. */
  const linesOf = (name: string) => {
    const [one, two] = productFor.get(name)!.variantIds as [number, number];
    return [
      { variant_id: one, quantity: 2 },
      { variant_id: two, quantity: 1 },
    ];
  };
  const emailOf = (name: string) => `${name}@buyer.example`;
  /**
   * A checkout as a buyer's client makes it just after a service came back: the orders service's channel to it may
   * still wait out its reconnect backoff (at most 2 s, channel.options.ts) and answer 503 meanwhile, so a 503 is tried
   * again with the same Idempotency-Key (a 5xx answer is not kept, and no order was made). Any other answer is returned.
   */
  const checkoutOnceServing = async (name: string): Promise<CheckoutAnswer> => {
    let answer!: CheckoutAnswer;
    const params = checkoutParams(linesOf(name), { email: emailOf(name) });
    await waitFor(
      async () => (answer = await checkout(stack.baseUrl, subdomain, params, { idempotencyKey: `serving-${name}` })).status !== 503,
      {
        timeoutMs: 15_000,
        intervalMs: 250,
        message: `a checkout of ${name} to answer other than 503`,
      },
    );
    return answer;
  };
  const ordersOf = async (name: string) => (await allOrders(shop)).filter((order) => order.email === emailOf(name));
  const stockOfCase = async (name: string) =>
    Promise.all(productFor.get(name)!.variantIds.map((variantId) => stockOf(shop, productFor.get(name)!.id, variantId)));
  const stockIsBack = async (name: string) => (await stockOfCase(name)).every((stock) => stock.in_stock === UNITS && stock.sold === 0);

  /** Waits until the gateway reaches orders again (its channel reconnects within ~2 s of the restart). */
  const untilOrdersAnswer = () =>
    waitFor(async () => (await shop.get('/v1/orders.json?limit=1')).status === 200, {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'GET /v1/orders to answer 200 again',
    });

  /**
   * What must hold whatever crashed: nothing pending, and for every variant of the shop, what catalog has left
   * plus what live orders (open, partially shipped, shipped, on hold) hold equals what it started with, and
   * catalog's `sold` is exactly what those orders hold.
   */
  async function expectStockAccountedFor(): Promise<void> {
    expect(await allOrders(shop, 'pending')).toEqual([]);
    const held = unitsHeld(await allOrders(shop));
    const wrong: string[] = [];
    for (const [variantId, { productId, units }] of startingStock) {
      const stock = await stockOf(shop, productId, variantId);
      const inOrders = held.get(variantId) ?? 0;
      if (stock.in_stock + inOrders !== units || stock.sold !== inOrders)
        wrong.push(
          `variant ${variantId}: in_stock ${stock.in_stock}, sold ${stock.sold}, in live orders ${inOrders}, started with ${units}`,
        );
    }
    expect(wrong).toEqual([]);
  }

  const isFailedRequest = (answer: CheckoutAnswer) =>
    answer.status === 503 || (typeof answer.status === 'string' && answer.status.startsWith('error'));

  describe.each(FAILPOINTS)('orders killed %s', (failpoint) => {
    it('is finished or undone by the sweep of the restarted orders: nothing pending, no stock lost', async () => {
      await stack.killService('orders');
      const crashing = await stack.startService('orders', { ORDERS_FAILPOINT: failpoint });
      const idempotencyKey = `recovery-${failpoint}`;

      const answer = await checkout(stack.baseUrl, subdomain, checkoutParams(linesOf(failpoint), { email: emailOf(failpoint) }), {
        idempotencyKey,
        timeoutMs: 30_000,
      });
      // The gateway answers 503 for the call orders dropped, or the connection fails: either way, no answer of success.
      expect(isFailedRequest(answer) ? 'failed request' : answer).toBe('failed request');
      expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

      await stack.startService('orders');
      await untilOrdersAnswer();
      if (failpoint === 'after-charge') {
        // The charge was captured: the sweep finishes the order (open, paid).
        await waitFor(async () => (await ordersOf(failpoint)).some((order) => order.status === 'open'), {
          timeoutMs: 30_000,
          intervalMs: 100,
          message: 'the charged checkout to be finished as an open order',
        });
      } else if (failpoint === 'after-checkout') {
        // Nothing was reserved or written but the checkout's own record, which the sweep forgets once its lease is over.
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 5 * SWEEP_MS));
      } else {
        await waitFor(async () => (await allOrders(shop, 'pending')).length === 0 && (await stockIsBack(failpoint)), {
          timeoutMs: 30_000,
          intervalMs: 100,
          message: `the checkout killed ${failpoint} to be undone`,
        });
      }

      expect(await allOrders(shop, 'pending')).toEqual([]);
      const orders = await ordersOf(failpoint);
      if (failpoint === 'after-charge') {
        expect(orders).toHaveLength(1);
        expect(orders[0]).toMatchObject({ status: 'open', paid_at: expect.any(String), subtotal: 3 * 1500 });
        expect(await stockOfCase(failpoint)).toEqual([
          { in_stock: UNITS - 2, sold: 2 },
          { in_stock: UNITS - 1, sold: 1 },
        ]);
        // The buyer's retry of the same checkout answers that order: no second order, no second charge.
        const retry = await checkout(stack.baseUrl, subdomain, checkoutParams(linesOf(failpoint), { email: emailOf(failpoint) }), {
          idempotencyKey,
        });
        expect(isPlaced(retry.status)).toBe(true);
        expect((retry.body!.data as JsonBody).id).toBe(orders[0]!.id);
        expect(await ordersOf(failpoint)).toHaveLength(1);
      } else {
        expect(orders.filter((order) => order.status !== 'failed')).toEqual([]);
        // Only a checkout that got as far as writing its order leaves one, failed.
        expect(orders).toHaveLength(failpoint === 'after-order' ? 1 : 0);
        expect(await stockOfCase(failpoint)).toEqual([
          { in_stock: UNITS, sold: 0 },
          { in_stock: UNITS, sold: 0 },
        ]);
      }
      await expectStockAccountedFor();
    });
  });

  it('answers 503 while catalog is down; with catalog back there is no order and the stock is untouched', async () => {
    await stack.killService('catalog', 'SIGTERM');
    const answer = await checkout(stack.baseUrl, subdomain, checkoutParams(linesOf('catalog-down'), { email: emailOf('catalog-down') }), {
      timeoutMs: 30_000,
    });
    expect(answer.status).toBe(503);
    expect(answer.body!.meta).toMatchObject({ code: 503 });

    await stack.startService('catalog');
    await waitFor(async () => (await shop.get(`/v1/products/${productFor.get('catalog-down')!.id}.json`)).status === 200, {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'catalog to answer through the gateway again',
    });
    // The checkout could not release what it may have reserved: the sweep does, once catalog answers.
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 5 * SWEEP_MS));
    await waitFor(async () => (await allOrders(shop, 'pending')).length === 0 && (await stockIsBack('catalog-down')), {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'nothing pending and the stock untouched',
    });
    expect(await ordersOf('catalog-down')).toEqual([]);
    expect(await stockOfCase('catalog-down')).toEqual([
      { in_stock: UNITS, sold: 0 },
      { in_stock: UNITS, sold: 0 },
    ]);
    await expectStockAccountedFor();
  });

  it('answers 503 while shipping is down; catalog gets back the stock it had reserved', async () => {
    await stack.killService('shipping', 'SIGTERM');
    try {
      const answer = await checkout(
        stack.baseUrl,
        subdomain,
        checkoutParams(linesOf('shipping-down'), { email: emailOf('shipping-down') }),
        { timeoutMs: 30_000 },
      );
      expect(answer.status).toBe(503);
      expect(answer.body!.meta).toMatchObject({ code: 503 });
      await waitFor(() => stockIsBack('shipping-down'), {
        timeoutMs: 30_000,
        intervalMs: 100,
        message: 'the reserved stock back in catalog',
      });
      expect(await ordersOf('shipping-down')).toEqual([]);
      expect(await stockOfCase('shipping-down')).toEqual([
        { in_stock: UNITS, sold: 0 },
        { in_stock: UNITS, sold: 0 },
      ]);
    } finally {
      await stack.startService('shipping');
    }
    await expectStockAccountedFor();
  });

  it('cancels while catalog is down (the order is canceled at once); the sweep gives its stock back once catalog answers', async () => {
    // The test before this one restarted shipping.
    const placed = await checkoutOnceServing('cancel-catalog-down');
    expect(isPlaced(placed.status)).toBe(true);
    const orderId = (placed.body!.data as JsonBody).id as number;
    expect(await stockOfCase('cancel-catalog-down')).toEqual([
      { in_stock: UNITS - 2, sold: 2 },
      { in_stock: UNITS - 1, sold: 1 },
    ]);

    await stack.killService('catalog', 'SIGTERM');
    try {
      const canceled = await shop.put(`/v1/orders/${orderId}/cancel.json`, {});
      expect(canceled.status).toBe(200);
      expect(canceled.body.data).toMatchObject({ id: orderId, status: 'canceled' });
    } finally {
      await stack.startService('catalog');
    }
    await waitFor(() => stockIsBack('cancel-catalog-down'), {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: "the canceled order's stock back in catalog",
    });
    expect(await stockOfCase('cancel-catalog-down')).toEqual([
      { in_stock: UNITS, sold: 0 },
      { in_stock: UNITS, sold: 0 },
    ]);
    expect((await shop.get(`/v1/orders/${orderId}.json`)).body.data.status).toBe('canceled');
    await expectStockAccountedFor();
  });
});
