import { presentProduct } from '@commerce/api-presenters';
import { photoMessage, productMessage, storeContext, variantMessage } from './catalog.fixture';

const SPEC_KEYS = [
  'id',
  'name',
  'description',
  'created_at',
  'updated_at',
  'retired_on',
  'deleted_at',
  'status',
  'labels',
  'preorder',
  'on_sale',
  'tag_list',
  'marketplace_category_id',
  'marketplace_category',
  'price',
  'cents',
  'marketplace_url',
  'short_url',
  'storefront_url',
  'collections',
  'photos',
  'shipping_group',
  'variants',
  'list_in_marketplace',
  'has_override_priced_variants',
  'taxable',
];

describe('presentProduct', () => {
  it('renders the fields of docs/catalog.md#product plus cents and taxable, and nothing else', () => {
    const json = presentProduct(productMessage(), storeContext());
    expect(Object.keys(json)).toEqual(SPEC_KEYS);
    expect(json).not.toHaveProperty('shipping_notes');
    expect(json).not.toHaveProperty('position');
  });

  it('renders a fresh product with its nulls and defaults', () => {
    expect(presentProduct(productMessage(), storeContext())).toEqual({
      id: 7,
      name: 'Green Tea',
      description: null,
      created_at: '2026-01-15T07:34:56-05:00',
      updated_at: '2026-07-15T08:00:00-04:00',
      retired_on: null,
      deleted_at: null,
      status: 'active',
      labels: null,
      preorder: false,
      on_sale: false,
      tag_list: [],
      marketplace_category_id: null,
      marketplace_category: null,
      price: 19.99,
      cents: 1999,
      marketplace_url: 'https://marketplace.shops.example/tea/product/7-green-tea',
      short_url: 'https://tea.shops.example/p/7',
      storefront_url: 'https://tea.shops.example/product/7-green-tea',
      collections: [],
      photos: [],
      shipping_group: null,
      variants: [
        {
          variant: {
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
          },
        },
      ],
      list_in_marketplace: false,
      has_override_priced_variants: false,
      taxable: true,
    });
  });

  it('renders taxable as catalog says it', () => {
    expect(presentProduct(productMessage({ taxable: false }), storeContext()).taxable).toBe(false);
  });

  it('renders price as a JSON number (1999 cents → 19.99)', () => {
    expect(JSON.stringify(presentProduct(productMessage({ cents: 1999 }), storeContext()))).toContain('"price":19.99,"cents":1999');
    expect(presentProduct(productMessage({ cents: 0 }), storeContext()).price).toBe(0);
    expect(presentProduct(productMessage({ cents: 123456789 }), storeContext()).price).toBe(1234567.89);
  });

  it('renders every set field', () => {
    const json = presentProduct(
      productMessage({
        description: 'Sencha',
        retired_on: new Date('2026-03-01T00:00:00Z'),
        deleted_at: new Date('2026-03-02T10:00:00Z'),
        status: 'coming soon',
        preorder: true,
        on_sale: true,
        tag_list: ['green', 'loose'],
        marketplace_category_id: 12,
        collection_ids: [3, 4],
        photos: [photoMessage({ id: 1, url: 'https://img.example/1.jpg' }), photoMessage({ id: 2, url: 'https://img.example/2.jpg' })],
        shipping_group_id: 5,
        shipping_group_name: 'Boxes',
        list_in_marketplace: true,
        has_override_priced_variants: true,
      }),
      storeContext(),
    );
    expect(json).toMatchObject({
      description: 'Sencha',
      retired_on: '2026-02-28T19:00:00-05:00',
      deleted_at: '2026-03-02T05:00:00-05:00',
      status: 'coming soon',
      preorder: true,
      on_sale: true,
      tag_list: ['green', 'loose'],
      marketplace_category_id: 12,
      collections: [3, 4],
      shipping_group: { id: 5, name: 'Boxes' },
      list_in_marketplace: true,
      has_override_priced_variants: true,
    });
  });

  it('wraps each photo and variant in a one-key object, in order', () => {
    const json = presentProduct(
      productMessage({
        photos: [photoMessage({ id: 3, url: 'https://img.example/1.jpg' }), photoMessage({ id: 4, url: 'https://img.example/2.jpg' })],
        variants: [variantMessage({ id: 1, position: 1 }), variantMessage({ id: 2, position: 2, is_default_variant: false, sku: 'L' })],
      }),
      storeContext(),
    );
    expect(json.photos.map((entry) => Object.keys(entry))).toEqual([['photo'], ['photo']]);
    expect(json.photos.map((entry) => entry.photo.original)).toEqual(['//img.example/1.jpg', '//img.example/2.jpg']);
    expect(Object.keys(json.photos[0]!.photo)).toHaveLength(16);
    expect(json.variants.map((entry) => Object.keys(entry))).toEqual([['variant'], ['variant']]);
    expect(json.variants.map((entry) => [entry.variant.id, entry.variant.sku])).toEqual([
      [1, null],
      [2, 'L'],
    ]);
  });

  it('renders timestamps in the store zone with its offset', () => {
    const json = presentProduct(productMessage(), storeContext({ time_zone: 'Pacific/Auckland' }));
    expect(json.created_at).toBe('2026-01-16T01:34:56+13:00');
    expect(presentProduct(productMessage(), storeContext({ time_zone: 'UTC' })).created_at).toBe('2026-01-15T12:34:56+00:00');
  });

  it('renders an empty description as given and an absent one as null', () => {
    expect(presentProduct(productMessage({ description: undefined }), storeContext()).description).toBeNull();
    expect(presentProduct(productMessage({ description: '' }), storeContext()).description).toBe('');
  });

  it('copies lists so the rendering never aliases the message', () => {
    const message = productMessage({ tag_list: ['a'], collection_ids: [1] });
    const json = presentProduct(message, storeContext());
    json.tag_list.push('b');
    json.collections.push(2);
    expect(message.tag_list).toEqual(['a']);
    expect(message.collection_ids).toEqual([1]);
  });
});

describe("a product's price in the store's currency (docs/money.md#currency)", () => {
  it.each([
    ['USD', 19.99, 5.5],
    ['JPY', 1999, 550],
    ['KWD', 1.999, 0.55],
  ])('writes cents 1999 in %s as %d, and its variants likewise', (currency, price, variantPrice) => {
    const product = productMessage({ cents: 1999, variants: [variantMessage({ cents: 550 })] });
    const json = presentProduct(product, storeContext({ currency }));
    expect(json).toMatchObject({ price, cents: 1999 });
    expect(json.variants[0]!.variant).toMatchObject({ price: variantPrice, cents: 550 });
  });

  it('writes USD for a context kept before stores had a currency', () => {
    expect(presentProduct(productMessage({ cents: 1999 }), storeContext({ currency: '' })).price).toBe(19.99);
  });
});
