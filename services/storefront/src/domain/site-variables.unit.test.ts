import { presentPhoto } from '@commerce/api-presenters';
import { cartVariables, paginate, productVariables } from './site-variables';
import { siteProduct, siteVariant } from './site-records.fixture';
import { buildStoreCatalog, type ProductSnapshot } from './store-catalog';

const variant = siteVariant;

/** A photo given by URL whose image is not hosted: its sizes are that URL with resize hints. */
const urlPhoto = presentPhoto({ id: 1, url: 'https://cdn.example/t.jpg', image_id: 0, media_key: '', width: 0, height: 0 });

const product = (overrides: Partial<ProductSnapshot> = {}): ProductSnapshot => siteProduct({ photos: [{ photo: urlPhoto }], ...overrides });

describe('productVariables', () => {
  it('sums what the variants say: price range, availability, stock; photos over https', () => {
    const catalog = buildStoreCatalog(
      [product()],
      [
        variant(),
        variant({
          id: 71,
          name: 'Large',
          position: 2,
          is_default_variant: false,
          cents: 1500,
          in_stock: 0,
          sold_out: true,
          status: 'sold-out',
        }),
      ],
      [],
    );

    const view = productVariables(catalog.products[0]!, catalog, '/s/tea', 'USD');

    expect(view).toMatchObject({
      url: '/s/tea/products/7',
      min_cents: 1000,
      max_cents: 1500,
      has_price_range: true,
      available: true,
      sold_out: false,
      in_stock: 5,
    });
    expect(view.variants.map((v) => [v.id, v.available])).toEqual([
      [70, true],
      [71, false],
    ]);
    expect(view.default_variant?.id).toBe(70);
    expect(view.image).toMatchObject({
      id: 1,
      width: null,
      original: 'https://cdn.example/t.jpg',
      medium: 'https://cdn.example/t.jpg?w=400&h=400&fit=max',
    });
  });

  it('offers nothing to buy on a coming-soon product', () => {
    const catalog = buildStoreCatalog([product({ status: 'coming soon' })], [variant()], []);
    expect(productVariables(catalog.products[0]!, catalog, '', 'USD')).toMatchObject({ coming_soon: true, available: false });
  });

  it.each([
    ['USD', 10, 15],
    ['JPY', 1000, 1500],
    ['KWD', 1, 1.5],
  ])("writes `price` in the store's currency (%s), whatever the projection kept", (currency, productPrice, largePrice) => {
    const catalog = buildStoreCatalog([product()], [variant(), variant({ id: 71, name: 'Large', position: 2, cents: 1500 })], []);
    const view = productVariables(catalog.products[0]!, catalog, '', currency);
    expect(view.price).toBe(productPrice);
    expect(view.variants.map((v) => v.price)).toEqual([productPrice, largePrice]);
  });
});

describe('cartVariables', () => {
  it('prices the lines the site still shows, and flags a quantity beyond the stock', () => {
    const catalog = buildStoreCatalog([product()], [variant()], []);

    const cart = cartVariables(
      [
        { variant_id: 70, quantity: 6 },
        { variant_id: 999, quantity: 1 },
      ],
      catalog,
      '',
      'USD',
    );

    expect(cart).toMatchObject({ item_count: 6, subtotal_cents: 6000, empty: false });
    expect(cart.items).toEqual([expect.objectContaining({ variant_id: 70, quantity: 6, line_cents: 6000, available: false, in_stock: 5 })]);
    expect(cartVariables([], catalog, '', 'USD')).toMatchObject({ items: [], item_count: 0, empty: true });
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 50 }, (_, i) => i);

  it('cuts pages of 24 with links to their neighbours', () => {
    expect(paginate(items, 1, '/s/tea/')).toMatchObject({
      items: items.slice(0, 24),
      pagination: { page: 1, pages: 3, total: 50, previous_url: null, next_url: '/s/tea/?page=2' },
    });
    expect(paginate(items, 3, '/s/tea/')).toMatchObject({
      items: [48, 49],
      pagination: { previous_url: '/s/tea/?page=2', next_url: null },
    });
    expect(paginate(items, 2, '/collections/3').pagination.previous_url).toBe('/collections/3');
  });

  it('answers an empty page past the end, linking nowhere back', () => {
    expect(paginate(items, 9, '/')).toMatchObject({ items: [], pagination: { page: 9, pages: 3, previous_url: null, next_url: null } });
  });
});
