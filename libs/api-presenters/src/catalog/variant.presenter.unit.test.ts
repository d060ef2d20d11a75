import { presentVariant } from '@commerce/api-presenters';
import { storeContext, variantMessage } from './catalog.fixture';

describe('presentVariant', () => {
  it('renders exactly the fields of docs/catalog.md#variant', () => {
    const json = presentVariant(variantMessage(), storeContext());
    expect(Object.keys(json)).toEqual([
      'id',
      'product_id',
      'name',
      'position',
      'sku',
      'full_quantity',
      'percent_available',
      'is_default_variant',
      'in_stock',
      'sold',
      'price',
      'sold_out',
      'status',
      'has_override_price',
      'cents',
    ]);
    expect(json).toEqual({
      id: 31,
      product_id: 7,
      name: 'Default',
      position: 1,
      sku: null,
      full_quantity: 10,
      percent_available: 40,
      is_default_variant: true,
      in_stock: 4,
      sold: 6,
      price: 19.99,
      sold_out: false,
      status: 'active',
      has_override_price: false,
      cents: 1999,
    });
  });

  it('renders price as a JSON number with no float noise', () => {
    const text = JSON.stringify(presentVariant(variantMessage({ cents: 1999 }), storeContext()));
    expect(text).toContain('"price":19.99,');
    expect(presentVariant(variantMessage({ cents: 1 }), storeContext()).price).toBe(0.01);
    expect(presentVariant(variantMessage({ cents: 1000 }), storeContext()).price).toBe(10);
    expect(JSON.stringify(presentVariant(variantMessage({ cents: 1005 }), storeContext()))).toContain('"price":10.05,');
  });

  it('keeps a sku and the service-computed stock fields', () => {
    const json = presentVariant(
      variantMessage({
        sku: 'TEA-S',
        in_stock: 0,
        sold_out: true,
        status: 'sold-out',
        percent_available: 0,
        has_override_price: true,
        override_cents: 2500,
        cents: 2500,
      }),
      storeContext(),
    );
    expect(json).toMatchObject({
      sku: 'TEA-S',
      in_stock: 0,
      sold_out: true,
      status: 'sold-out',
      percent_available: 0,
      has_override_price: true,
      cents: 2500,
      price: 25,
    });
  });

  it('does not leak fields the spec does not list', () => {
    const json = presentVariant(variantMessage({ override_cents: 2500 }), storeContext());
    expect(json).not.toHaveProperty('override_cents');
    expect(json).not.toHaveProperty('created_at');
  });
});

describe("a variant's price in the store's currency (docs/money.md#currency)", () => {
  it.each([
    ['USD', 12.34],
    ['JPY', 1234],
    ['KWD', 1.234],
  ])('writes cents 1234 in %s as %d', (currency, price) => {
    expect(presentVariant(variantMessage({ cents: 1234 }), storeContext({ currency })).price).toBe(price);
  });

  it('writes USD without a context', () => {
    expect(presentVariant(variantMessage({ cents: 1234 })).price).toBe(12.34);
  });
});
