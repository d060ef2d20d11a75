import fc from 'fast-check';
import { priceCart, shareByWeight, taxOn, type Cart, type CartLine, type DiscountTerms } from './pricing';

const line = (unit_price: number, quantity = 1, overrides: Partial<CartLine> = {}): CartLine => ({
  product_id: 1,
  collection_ids: [],
  unit_price,
  quantity,
  taxable: true,
  ...overrides,
});

const code = (overrides: Partial<DiscountTerms>): DiscountTerms => ({
  kind: 'percentage',
  percent_bp: 0,
  amount: 0,
  product_ids: [],
  collection_ids: [],
  ...overrides,
});

const cart = (overrides: Partial<Cart>): Cart => ({
  lines: [],
  shipping: 0,
  discount: null,
  tax: null,
  pricesIncludeTax: false,
  ...overrides,
});

describe('priceCart: the fixtures docs/money.md#how-a-cart-is-priced pins', () => {
  it('taxes each line on its own, rounded half away from zero (New York, 8.875 %, prices without tax)', () => {
    const priced = priceCart(
      cart({ lines: [line(1999, 3), line(500)], shipping: 700, tax: { rate_ppm: 88_750, applies_to_shipping: false } }),
    );
    // 5997 × 8.875 % = 532.23 → 532; 500 × 8.875 % = 44.375 → 44.
    expect(priced.lines.map((l) => l.tax)).toEqual([532, 44]);
    expect(priced).toMatchObject({ subtotal: 6497, discounts: 0, shipping: 700, shipping_tax: 0, tax: 576, total: 7773 });
  });

  it('rounds per line, not per order: three lines of 0.5 tax each are 3, not 2', () => {
    const priced = priceCart(
      cart({
        lines: [line(20), line(20, 1, { product_id: 2 }), line(20, 1, { product_id: 3 })],
        tax: { rate_ppm: 25_000, applies_to_shipping: false },
      }),
    );
    expect(priced.lines.map((l) => l.tax)).toEqual([1, 1, 1]);
    expect(priced.tax).toBe(3);
  });

  it('finds the tax inside prices that include it, and does not add it again (19 % and 20 % VAT)', () => {
    const priced = priceCart(
      cart({
        lines: [line(1190), line(999)],
        shipping: 500,
        tax: { rate_ppm: 190_000, applies_to_shipping: true },
        pricesIncludeTax: true,
      }),
    );
    // 1190 / 1.19 × 0.19 = 190; 999 × 0.19 / 1.19 = 159.50… → 160; shipping 500 × 0.19 / 1.19 = 79.83… → 80.
    expect(priced.lines.map((l) => l.tax)).toEqual([190, 160]);
    expect(priced).toMatchObject({ subtotal: 2189, shipping: 500, shipping_tax: 80, tax: 430, total: 2689 });
    expect(taxOn(999, 200_000, true)).toBe(167); // 166.5 → 167
  });

  it('takes tax after the discount', () => {
    const priced = priceCart(
      cart({ lines: [line(1000)], discount: code({ percent_bp: 1000 }), tax: { rate_ppm: 100_000, applies_to_shipping: false } }),
    );
    expect(priced.lines[0]).toEqual({ amount: 1000, discount: 100, tax: 90 });
    expect(priced).toMatchObject({ subtotal: 1000, discounts: 100, tax: 90, total: 990 });
  });

  it('shares a fixed amount by largest remainder, the earlier line first on a tie, summing exactly', () => {
    const priced = priceCart(cart({ lines: [line(1000), line(1000), line(1000)], discount: code({ kind: 'fixed_amount', amount: 100 }) }));
    expect(priced.lines.map((l) => l.discount)).toEqual([34, 33, 33]);
    expect(priced.discounts).toBe(100);
  });

  it('takes a fixed amount at most from what it applies to, and only from the named products and collections', () => {
    const lines = [line(300, 1, { product_id: 7 }), line(5000, 1, { product_id: 8 }), line(200, 2, { product_id: 9, collection_ids: [4] })];
    const priced = priceCart(
      cart({ lines, discount: code({ kind: 'fixed_amount', amount: 10_000, product_ids: [7], collection_ids: [4] }) }),
    );
    expect(priced.lines.map((l) => l.discount)).toEqual([300, 0, 400]);
    expect(priced.total).toBe(5000);
  });

  it('rounds a percentage of the eligible amount once, then shares it', () => {
    // 15 % of 3 × 333 = 149.85 → 150, shared 50 / 50 / 50.
    const priced = priceCart(cart({ lines: [line(333), line(333), line(333)], discount: code({ percent_bp: 1500 }) }));
    expect(priced.discounts).toBe(150);
    expect(priced.lines.map((l) => l.discount)).toEqual([50, 50, 50]);
  });

  it('waives the shipping and its tax with a free-shipping code, and leaves the lines alone', () => {
    const priced = priceCart(
      cart({
        lines: [line(1000)],
        shipping: 700,
        discount: code({ kind: 'free_shipping' }),
        tax: { rate_ppm: 100_000, applies_to_shipping: true },
      }),
    );
    expect(priced).toMatchObject({ discounts: 0, shipping: 0, shipping_discount: 700, shipping_tax: 0, tax: 100, total: 1100 });
  });

  it('charges no tax on a product that is not taxable, nor without a rate', () => {
    expect(
      priceCart(cart({ lines: [line(1000, 1, { taxable: false })], tax: { rate_ppm: 100_000, applies_to_shipping: false } })).tax,
    ).toBe(0);
    expect(priceCart(cart({ lines: [line(1000)] })).tax).toBe(0);
  });

  it('stays exact past 2^53 intermediate products ($10,000,000 × 9,999 at 99.9999 %)', () => {
    const priced = priceCart(cart({ lines: [line(1_000_000_000, 9_999)], tax: { rate_ppm: 999_999, applies_to_shipping: false } }));
    expect(priced.tax).toBe(9_998_990_001_000); // 9,999,000,000,000 × 0.999999 exactly
  });
});

describe('priceCart: invariants over random carts, rates and codes', () => {
  const lineArb = fc.record({
    product_id: fc.integer({ min: 1, max: 6 }),
    collection_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
    unit_price: fc.integer({ min: 0, max: 1_000_000_000 }),
    quantity: fc.integer({ min: 1, max: 1000 }),
    taxable: fc.boolean(),
  });
  const discountArb = fc.option(
    fc.record({
      kind: fc.constantFrom('percentage' as const, 'fixed_amount' as const, 'free_shipping' as const),
      percent_bp: fc.integer({ min: 1, max: 10_000 }),
      amount: fc.integer({ min: 1, max: 2_000_000_000 }),
      product_ids: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
      collection_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
    }),
  );
  const cartArb = fc.record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
    shipping: fc.integer({ min: 0, max: 100_000_000 }),
    discount: discountArb,
    tax: fc.option(fc.record({ rate_ppm: fc.integer({ min: 0, max: 1_000_000 }), applies_to_shipping: fc.boolean() })),
    pricesIncludeTax: fc.boolean(),
  });

  it('adds up: total = subtotal − discounts + shipping (+ tax when prices exclude it), shares sum to totals, nothing negative', () => {
    fc.assert(
      fc.property(cartArb, (input) => {
        const priced = priceCart(input);
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        expect(priced.subtotal).toBe(sum(input.lines.map((l) => l.unit_price * l.quantity)));
        expect(sum(priced.lines.map((l) => l.discount))).toBe(priced.discounts);
        expect(sum(priced.lines.map((l) => l.tax)) + priced.shipping_tax).toBe(priced.tax);
        expect(priced.shipping + priced.shipping_discount).toBe(input.shipping);
        expect(priced.total).toBe(priced.subtotal - priced.discounts + priced.shipping + (input.pricesIncludeTax ? 0 : priced.tax));
        for (const l of priced.lines) {
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.amount);
          expect(l.tax).toBeGreaterThanOrEqual(0);
          if (input.pricesIncludeTax) expect(l.tax).toBeLessThanOrEqual(l.amount - l.discount);
        }
        expect(priced.total).toBeGreaterThanOrEqual(0);
        for (const value of [priced.subtotal, priced.discounts, priced.shipping, priced.shipping_tax, priced.tax])
          expect(value).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('shares any amount over any weights exactly, each share within one unit of its exact part', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 20 }), fc.nat(), (weights, seed) => {
        const sum = weights.reduce((a, b) => a + b, 0);
        const total = sum === 0 ? 0 : seed % (sum + 1);
        const shares = shareByWeight(total, weights);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        shares.forEach((share, i) => {
          const exact = sum === 0 ? 0 : (total * weights[i]!) / sum;
          expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6);
        });
      }),
      { numRuns: 500 },
    );
  });
});
