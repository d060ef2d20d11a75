import type { VariantJson } from '@commerce/api-presenters';
import type { ProductSnapshot } from './store-catalog';

/** The site's records as the projection hands them over, for the domain's and the site's tests. */

/** Variant 70, the default variant of product 7: five in stock at $10.00. */
export const siteVariant = (overrides: Partial<VariantJson> = {}): VariantJson => ({
  id: 70,
  product_id: 7,
  name: 'Default',
  position: 1,
  sku: null,
  full_quantity: 5,
  percent_available: 100,
  is_default_variant: true,
  in_stock: 5,
  sold: 0,
  price: 10,
  sold_out: false,
  status: 'active',
  has_override_price: false,
  cents: 1000,
  ...overrides,
});

/** Product 7, active, without photos (as the projection keeps it: no variants). */
export const siteProduct = (overrides: Partial<ProductSnapshot> = {}): ProductSnapshot =>
  ({
    id: 7,
    name: 'Green Tea',
    description: null,
    status: 'active',
    deleted_at: null,
    cents: 1000,
    price: 10,
    tag_list: [],
    collections: [],
    photos: [],
    on_sale: false,
    preorder: false,
    ...overrides,
  }) as ProductSnapshot;
