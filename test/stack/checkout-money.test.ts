import type { ApiClient } from '../support/api.client';
import { BUYER_ADDRESS, checkout, checkoutParams, quote, stockShop, type StockedShop } from '../support/orders.fixture';
import { startTwoStoreStack, type TwoStoreStack } from '../support/two-stores.fixture';

/**
 * Issue 32 items 2-4 (docs/money.md#how-a-cart-is-priced, docs/orders.md#the-quote): a checkout's tax comes from the
 * shipping address's rate, a discount code takes its share of each line it applies to, and the order a buyer places
 * always equals the quote for the same input, with prices with or without tax.
 */

const NEW_YORK = { ...BUYER_ADDRESS, city: 'New York', state: 'New York', state_abbrev: 'NY', postal: '10001' };
const OREGON = { ...BUYER_ADDRESS, city: 'Portland', state: 'Oregon', state_abbrev: 'OR', postal: '97201' };

/** The amounts a quote and an order share. */
const totalsOf = (data: Record<string, unknown>) => ({
  subtotal: data.subtotal,
  discounts: data.discounts,
  shipping: data.shipping,
  shipping_discount: data.shipping_discount,
  shipping_tax: data.shipping_tax,
  tax: data.tax,
  price: data.price,
});

describe('money at checkout: taxes, discount codes and the quote', () => {
  let world: TwoStoreStack;
  let shop: ApiClient;
  let subdomain: string;
  let stocked: StockedShop;
  let tea: number;
  let mug: number;
  let teaProduct: number;

  beforeAll(async () => {
    world = await startTwoStoreStack('money', ['moneyshop', 'moneyrival']);
    shop = world.shop;
    subdomain = world.subdomains[0];
    stocked = await stockShop(shop, [
      { name: 'Green Tea', cents: 1999, stock: [500] },
      { name: 'Mug', cents: 500, stock: [500] },
    ]);
    teaProduct = stocked.products[0]!.id;
    tea = stocked.products[0]!.variantIds[0]!;
    mug = stocked.products[1]!.variantIds[0]!;
    for (const rate of [
      { country: 'US', name: 'US tax', rate: 5, applies_to_shipping: true },
      { country: 'US', state: 'NY', name: 'NY sales tax', rate: 8.875 },
    ]) {
      const created = await shop.post('/v1/tax_rates.json', rate);
      expect(created.status).toBe(200);
    }
  }, 180_000);

  afterAll(() => world?.stop());

  it('taxes each line at the state rate in New York, the country rate and shipping elsewhere; the order equals the quote', async () => {
    const items = [
      { variant_id: tea, quantity: 3 },
      { variant_id: mug, quantity: 1 },
    ];
    const quoted = await quote(world.stack.baseUrl, subdomain, { address: NEW_YORK, items });
    expect(quoted.status).toBe(200);
    // 5997 × 8.875 % = 532.23 → 532; 500 × 8.875 % = 44.375 → 44; the NY rate does not tax shipping (500 + 3 × 150).
    expect(quoted.body.data).toMatchObject({
      currency: 'USD',
      subtotal: 6497,
      shipping: 950,
      tax: 576,
      tax_name: 'NY sales tax',
      total: 8023,
      price: '80.23',
      shipping_options: [{ shipping_class_id: stocked.classId, name: 'Domestic', price: 950 }],
      lines: [
        { variant_id: tea, amount: 5997, discount: 0, tax: 532 },
        { variant_id: mug, amount: 500, discount: 0, tax: 44 },
      ],
    });
    const placed = await checkout(world.stack.baseUrl, subdomain, checkoutParams(items, { address: NEW_YORK }));
    expect(placed.status).toBe(200);
    expect(totalsOf(placed.body!.data)).toEqual(totalsOf(quoted.body.data));
    expect(placed.body!.data.items.map(({ item }: { item: { tax: number } }) => item.tax)).toEqual([532, 44]);

    const oregon = await quote(world.stack.baseUrl, subdomain, { address: OREGON, items });
    // 5 %: 299.85 → 300, 25, and 950 × 5 % = 47.5 → 48 on shipping.
    expect(oregon.body.data).toMatchObject({ tax: 373, shipping_tax: 48, tax_name: 'US tax', total: 6497 + 950 + 373 });
  });

  it('takes a percentage code from the products it names only, case-insensitively, in JSON and in a form', async () => {
    const code = await shop.post('/v1/discounts.json', { code: 'TEA10', kind: 'percentage', value: 10, product_ids: [teaProduct] });
    expect(code.status).toBe(200);
    const items = [
      { variant_id: tea, quantity: 2 },
      { variant_id: mug, quantity: 2 },
    ];
    const quoted = await quote(world.stack.baseUrl, subdomain, { address: OREGON, items, discount_code: ' tea10 ' });
    expect(quoted.status).toBe(200);
    // 10 % of 3998 = 399.8 → 400 on tea only; tax after it: (3998 − 400) × 5 % = 179.9 → 180, mug 50, shipping 48.
    expect(quoted.body.data).toMatchObject({
      discount_code: 'TEA10',
      discounts: 400,
      lines: [
        { variant_id: tea, discount: 400, tax: 180 },
        { variant_id: mug, discount: 0, tax: 50 },
      ],
      tax: 278,
      total: 4998 - 400 + 950 + 278,
    });

    const form = new URLSearchParams({
      email: 'form@buyer.example',
      payment_token: 'tok_visa',
      discount_code: 'Tea10',
      'items[0][variant_id]': String(tea),
      'items[0][quantity]': '2',
      'items[1][variant_id]': String(mug),
      'items[1][quantity]': '2',
      ...Object.fromEntries(Object.entries(OREGON).map(([field, value]) => [`address[${field}]`, value])),
    });
    const response = await fetch(`${world.stack.baseUrl}/s/${subdomain}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const placed = (await response.json()) as { data: Record<string, unknown> };
    expect(response.status).toBe(200);
    expect(totalsOf(placed.data)).toEqual(totalsOf(quoted.body.data));
    expect(placed.data.discount_code).toBe('TEA10');
    const stored = await shop.get(`/v1/orders/${placed.data.id as number}.json`);
    expect(stored.body.data).toMatchObject({ discount_code: 'TEA10', discounts: 400, tax: 278 });
  });

  it('waives the shipping and its tax with a free-shipping code', async () => {
    expect((await shop.post('/v1/discounts.json', { code: 'SHIPFREE', kind: 'free_shipping' })).status).toBe(200);
    const quoted = await quote(world.stack.baseUrl, subdomain, {
      address: OREGON,
      items: [{ variant_id: mug, quantity: 1 }],
      discount_code: 'shipfree',
    });
    expect(quoted.body.data).toMatchObject({ shipping: 0, shipping_discount: 500, shipping_tax: 0, tax: 25, total: 525 });
  });

  it('refuses a code with 422 naming why: unknown, not started, expired, minimum not met, nothing it applies to', async () => {
    const hour = 3_600_000;
    const codes = [
      { code: 'LATER', kind: 'percentage', value: 5, starts_at: new Date(Date.now() + hour).toISOString() },
      {
        code: 'GONE',
        kind: 'percentage',
        value: 5,
        starts_at: new Date(Date.now() - 2 * hour).toISOString(),
        ends_at: new Date(Date.now() - hour).toISOString(),
      },
      { code: 'BIGSPEND', kind: 'fixed_amount', value: 1000, minimum_subtotal: 100_000 },
      { code: 'TEAONLY', kind: 'fixed_amount', value: 100, product_ids: [teaProduct] },
    ];
    for (const body of codes) expect((await shop.post('/v1/discounts.json', body)).status).toBe(200);
    const items = [{ variant_id: mug, quantity: 1 }];
    const refusals: Record<string, string> = {};
    for (const code of ['NOPE', 'LATER', 'GONE', 'BIGSPEND', 'TEAONLY']) {
      for (const call of [quote, checkout] as const) {
        const answer = await call(world.stack.baseUrl, subdomain, { ...checkoutParams(items, { address: OREGON }), discount_code: code });
        expect(answer.status).toBe(422);
        expect(answer.body!.meta.errors.discount_code).toHaveLength(1);
        refusals[code] = answer.body!.meta.errors.discount_code[0];
      }
    }
    expect(new Set(Object.values(refusals)).size).toBe(5);
    expect(refusals.BIGSPEND).toBe('needs a subtotal of at least 1000.00 USD');
  });

  it('finds the tax inside prices that include it and does not add it again', async () => {
    expect((await shop.put('/v1/store.json', { prices_include_tax: true })).status).toBe(200);
    try {
      const items = [{ variant_id: tea, quantity: 1 }];
      const quoted = await quote(world.stack.baseUrl, subdomain, { address: NEW_YORK, items });
      // 1999 × 0.08875 / 1.08875 = 162.95… → 163, inside the price; total = 1999 + 500.
      expect(quoted.body.data).toMatchObject({ prices_include_tax: true, subtotal: 1999, tax: 163, total: 2499, price: '24.99' });
      const placed = await checkout(world.stack.baseUrl, subdomain, checkoutParams(items, { address: NEW_YORK }));
      expect(totalsOf(placed.body!.data)).toEqual(totalsOf(quoted.body.data));
      expect(placed.body!.data.prices_include_tax).toBe(true);
    } finally {
      await shop.put('/v1/store.json', { prices_include_tax: false });
    }
  });

  it("does not apply another store's code, and a quote needs only the items and the country", async () => {
    expect((await world.rival.post('/v1/discounts.json', { code: 'RIVAL50', kind: 'percentage', value: 50 })).status).toBe(200);
    const answer = await quote(world.stack.baseUrl, subdomain, {
      address: { country: 'US' },
      items: [{ variant_id: mug, quantity: 1 }],
      discount_code: 'RIVAL50',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.meta.errors).toEqual({ discount_code: [expect.any(String)] });
    const bare = await quote(world.stack.baseUrl, subdomain, { address: { country: 'us' }, items: [{ variant_id: mug, quantity: 1 }] });
    expect(bare.status).toBe(200);
    expect(bare.body.data).toMatchObject({ subtotal: 500, tax: 50, shipping: 500 });
    const nowhere = await quote(world.stack.baseUrl, subdomain, { items: [{ variant_id: mug, quantity: 1 }] });
    expect(nowhere.status).toBe(422);
    expect(Object.keys(nowhere.body.meta.errors)).toEqual(['address[country]']);
  });
});
