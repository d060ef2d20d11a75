import { countByStatus, planDemo } from './demo-plan';
import { DEMO_COUNTRIES, planFate, type PlannedOrder } from './order-plan';
import { seededRandom } from './random';

const fatesOf = (orders: PlannedOrder[]) => orders.map((order) => order.fate?.action ?? 'declined');

describe('planDemo', () => {
  it('plans the same store from the same seed, and another from another seed', () => {
    expect(planDemo(7, 20, 50)).toEqual(planDemo(7, 20, 50));
    expect(planDemo(8, 20, 50)).not.toEqual(planDemo(7, 20, 50));
  });

  it('plans the products asked for, each with 1 to 3 variants in stock and a price, and two collections over them', () => {
    const { catalog } = planDemo(1, 20, 0);

    expect(catalog.products).toHaveLength(20);
    expect(new Set(catalog.products.map((product) => product.name)).size).toBe(20);
    for (const product of catalog.products) {
      expect(product.variants.length).toBeGreaterThanOrEqual(1);
      expect(product.variants.length).toBeLessThanOrEqual(3);
      expect(product.cents).toBeGreaterThan(0);
      for (const variant of product.variants) expect(variant.stock).toBeGreaterThanOrEqual(1);
    }
    expect(new Set(catalog.products.map((product) => product.variants.length))).toEqual(new Set([1, 2, 3]));
    expect(catalog.collections.map((collection) => collection.name)).toEqual(['New arrivals', 'Gift ideas']);
    for (const collection of catalog.collections) {
      expect(collection.product_indexes.length).toBeGreaterThan(0);
      for (const index of collection.product_indexes) expect(catalog.products[index]).toBeDefined();
    }
  });

  it('plans checkouts of 1-3 different planned variants to the demo countries, a few of them declined', () => {
    const { catalog, orders } = planDemo(1, 20, 50);

    expect(orders).toHaveLength(50);
    for (const order of orders) {
      expect(order.lines.length).toBeGreaterThanOrEqual(1);
      expect(order.lines.length).toBeLessThanOrEqual(3);
      expect(new Set(order.lines.map((line) => line.product_index)).size).toBe(order.lines.length);
      for (const line of order.lines) expect(catalog.products[line.product_index]!.variants[line.variant_index]).toBeDefined();
      expect(DEMO_COUNTRIES).toContain(order.address.country);
      expect(order.email).toMatch(/^[a-z]+\.[a-z]+\+\d+@example\.com$/);
    }
    const declined = orders.filter((order) => order.payment_token === 'tok_chargeDeclined');
    expect(declined.length).toBeGreaterThanOrEqual(1);
    expect(declined.length).toBeLessThan(15);
  });

  it('decides every approved order a fate and no declined one: some shipped, some in part, some held, canceled or left open', () => {
    const { orders } = planDemo(1, 20, 50);

    for (const order of orders) expect(order.fate === undefined).toBe(order.payment_token === 'tok_chargeDeclined');
    expect(new Set(fatesOf(orders))).toEqual(new Set(['ship', 'ship-partially', 'hold', 'cancel', 'leave-open', 'declined']));
    expect(fatesOf(orders)).toEqual(fatesOf(planDemo(1, 20, 50).orders));
  });

  it('never plans approved checkouts beyond the planned stock, and stops once everything is sold out', () => {
    const { catalog, orders } = planDemo(2, 4, 500);
    const sold = catalog.products.map((product) => product.variants.map(() => 0));
    for (const order of orders.filter(({ payment_token }) => payment_token === 'tok_visa')) {
      for (const line of order.lines) sold[line.product_index]![line.variant_index]! += line.quantity;
    }

    catalog.products.forEach((product, p) => product.variants.forEach((variant, v) => expect(sold[p]![v]).toBe(variant.stock)));
    expect(orders.length).toBeLessThan(500);
  });

  it('ships part of an order only when it has several items, and never all of them', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const order of planDemo(seed, 10, 100).orders) {
        if (order.fate?.action !== 'ship-partially') continue;
        expect(order.lines.length).toBeGreaterThan(1);
        expect(order.fate.items_shipped).toBeGreaterThanOrEqual(1);
        expect(order.fate.items_shipped).toBeLessThan(order.lines.length);
      }
    }
  });

  it('plans one-product stores too', () => {
    const { orders } = planDemo(3, 1, 10);
    for (const order of orders) expect(order.lines).toEqual([expect.objectContaining({ product_index: 0 })]);
  });
});

describe('planFate', () => {
  it('turns a partial shipment of a one-item order into a whole one', () => {
    const fates = Array.from({ length: 200 }, (_, seed) => planFate(seededRandom(seed), 1));
    expect(fates.some((fate) => fate.action === 'ship-partially')).toBe(false);
    expect(fates.some((fate) => fate.action === 'ship')).toBe(true);
  });
});

describe('countByStatus', () => {
  it('counts the orders of each status', () => {
    expect(countByStatus(['open', 'shipped', 'open', 'Partially Shipped'])).toEqual({ open: 2, shipped: 1, 'Partially Shipped': 1 });
    expect(countByStatus([])).toEqual({});
  });
});
