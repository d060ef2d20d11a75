import type { catalog } from '@commerce/contracts';

/** Builders for catalog messages as the service answers them; tests override only what they check. */
export const storeContext = (overrides: Partial<catalog.StoreContext> = {}): catalog.StoreContext => ({
  time_zone: 'America/New_York',
  subdomain: 'tea',
  url: 'https://tea.shops.example',
  currency: 'USD',
  ...overrides,
});

export const variantMessage = (overrides: Partial<catalog.Variant> = {}): catalog.Variant => ({
  id: 31,
  product_id: 7,
  name: 'Default',
  position: 1,
  sku: undefined,
  full_quantity: 10,
  in_stock: 4,
  sold: 6,
  percent_available: 40,
  is_default_variant: true,
  sold_out: false,
  status: 'active',
  has_override_price: false,
  override_cents: 0,
  cents: 1999,
  created_at: new Date('2026-01-15T12:00:00Z'),
  updated_at: new Date('2026-01-15T12:00:00Z'),
  ...overrides,
});

export const productMessage = (overrides: Partial<catalog.Product> = {}): catalog.Product => ({
  id: 7,
  name: 'Green Tea',
  description: undefined,
  created_at: new Date('2026-01-15T12:34:56Z'),
  updated_at: new Date('2026-07-15T12:00:00Z'),
  retired_on: undefined,
  deleted_at: undefined,
  status: 'active',
  preorder: false,
  on_sale: false,
  tag_list: [],
  marketplace_category_id: undefined,
  cents: 1999,
  collection_ids: [],
  photos: [],
  shipping_group_id: 0,
  shipping_group_name: '',
  variants: [variantMessage()],
  list_in_marketplace: false,
  has_override_priced_variants: false,
  shipping_notes: '',
  position: 1,
  taxable: true,
  ...overrides,
});

export const collectionMessage = (overrides: Partial<catalog.Collection> = {}): catalog.Collection => ({
  id: 3,
  name: 'Teas',
  description: 'Loose leaf',
  product_ids: [7, 9],
  created_at: new Date('2026-01-15T12:34:56Z'),
  updated_at: new Date('2026-01-16T00:00:00Z'),
  ...overrides,
});

/** A photo given by URL whose image is not hosted (yet). */
export const photoMessage = (overrides: Partial<catalog.Photo> = {}): catalog.Photo => ({
  url: 'https://img.example/1.jpg',
  id: 1,
  image_id: 0,
  media_key: '',
  width: 0,
  height: 0,
  ...overrides,
});
