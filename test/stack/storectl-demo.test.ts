import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../support/api.client';
import { allOrders } from '../support/orders.fixture';
import { createStoreWithCli, stackEnvironment, startStack, storectl, type JsonBody, type StackHandle } from '../support/stack.harness';

/**
 * `storectl demo seed` against the stack as `npm start` runs it (README "See a lively store in one command"):
 * what its JSON summary counts is what the API then lists.
 */

const PRODUCTS = 5;
const ORDERS = 12;

describe('storectl demo seed', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let stack: StackHandle;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-demo-'));
    env = await stackEnvironment(dataDir);
    stack = await startStack(env);
  });

  afterAll(async () => {
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('fills a small store, and its JSON counts match GET /v1/orders and GET /v1/products', async () => {
    const created = await createStoreWithCli(env, 'demoshop');
    const seeded = await storectl(env, [
      'demo',
      'seed',
      '--store',
      String(created.store.id),
      '--products',
      String(PRODUCTS),
      '--orders',
      String(ORDERS),
      '--url',
      stack.baseUrl,
    ]);
    expect({ code: seeded.code, stderr: seeded.code === 0 ? '' : seeded.stderr }).toEqual({ code: 0, stderr: '' });
    const summary = seeded.json as JsonBody;
    expect(summary).toMatchObject({
      store: { id: created.store.id, subdomain: 'demoshop' },
      products: PRODUCTS,
      api_key_rotated: true,
      api_key: expect.any(String),
    });

    // The key was rotated: the old one is refused, the printed one works.
    expect((await new ApiClient(stack.baseUrl, created.api_key).get('/v1/store.json')).status).toBe(401);
    const shop = new ApiClient(stack.baseUrl, summary.api_key);

    const products = await shop.get('/v1/products.json');
    expect(products.status).toBe(200);
    expect(products.body.pagination.total).toBe(summary.products);
    const listedProducts = products.body.data.products as JsonBody[];
    expect(listedProducts).toHaveLength(PRODUCTS);
    expect(listedProducts.reduce((sum, product) => sum + (product.variants as JsonBody[]).length, 0)).toBe(summary.variants);
    expect((await shop.get('/v1/collections.json')).body.pagination.total).toBe(summary.collections);
    // Every product shows the 1200 × 1200 picture the seed drew for it, hosted by us (so its size is known).
    expect(summary.photos).toBe(PRODUCTS);
    for (const product of listedProducts)
      expect(product.photos).toEqual([
        { photo: expect.objectContaining({ width: 1200, height: 1200, medium: expect.stringMatching(/\/media\//) }) },
      ]);

    // Every checkout tried is an order: placed (then acted on), or declined and kept as failed.
    const orders = await allOrders(shop);
    const placed = summary.orders.placed as number;
    expect(placed).toBeGreaterThan(0);
    expect(placed + summary.declined_checkouts + summary.out_of_stock_checkouts).toBe(ORDERS);
    const listed = await shop.get('/v1/orders.json?limit=250');
    expect(listed.body.pagination.total).toBe(placed + summary.declined_checkouts);
    expect(orders).toHaveLength(placed + summary.declined_checkouts);
    const byStatus: Record<string, number> = {};
    for (const order of orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    const expected: Record<string, number> = Object.fromEntries(
      Object.entries(summary.orders.by_status as Record<string, number>).filter(([, count]) => count > 0),
    );
    if (summary.declined_checkouts > 0) expected.failed = summary.declined_checkouts;
    expect(byStatus).toEqual(expected);
    // The list filters agree: "open" counts the partially shipped ones too.
    const count = async (status: string) => (await allOrders(shop, status)).length;
    expect(await count('open')).toBe((byStatus.open ?? 0) + (byStatus['Partially Shipped'] ?? 0));
    expect(await count('on hold')).toBe(byStatus['on hold'] ?? 0);
    expect(await count('shipped')).toBe(byStatus.shipped ?? 0);
    expect(await count('canceled')).toBe(byStatus.canceled ?? 0);
    expect(await count('pending')).toBe(0);

    // The money (docs/money.md): the tax rates it created, the code some orders used, and its refunds.
    const rates = await shop.get('/v1/tax_rates.json');
    expect(rates.body.data.tax_rates).toHaveLength(summary.tax_rates);
    expect(summary.tax_rates).toBeGreaterThan(0);
    const withCode = orders.filter((order) => order.discount_code === summary.discount.code);
    expect(summary.discount.orders).toBeGreaterThan(0);
    expect(withCode).toHaveLength(summary.discount.orders);
    for (const order of withCode) expect(order.discounts).toBeGreaterThan(0);
    expect(orders.filter((order) => order.status === 'open' || order.status === 'shipped').some((order) => order.tax > 0)).toBe(true);
    const refunded = orders.filter((order) => ['partially_refunded', 'refunded'].includes(order.financial_status as string));
    expect(summary.refunds).toBeGreaterThan(0);
    // Each canceled order was refunded whole by its cancel, besides the refunds the summary counts.
    const refundCount = refunded.reduce((sum, order) => sum + (order.refunds as JsonBody[]).length, 0);
    expect(refundCount).toBe(summary.refunds + (byStatus.canceled ?? 0));
  });
});
