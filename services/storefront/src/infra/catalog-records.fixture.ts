import { presentCollection, presentProduct, presentVariant, type CollectionJson, type VariantJson } from '@commerce/api-presenters';
import { catalog } from '@commerce/contracts';
import type { ProductSnapshot } from '../domain/store-catalog';

/** Catalog's records as its events carry them to the projection, for the projection's and the site's tests. */
const context = catalog.StoreContext.fromPartial({ time_zone: 'UTC', url: 'https://tea.shops.example', subdomain: 'tea' });

/** Variant 70 as catalog's events carry it: the default variant of product 7, five of five in stock. */
export const aCatalogVariant = (overrides: Partial<catalog.Variant> = {}): catalog.Variant =>
  catalog.Variant.fromPartial({
    id: 70,
    product_id: 7,
    name: 'Default',
    position: 1,
    is_default_variant: true,
    in_stock: 5,
    full_quantity: 5,
    status: 'active',
    cents: 1000,
    ...overrides,
  });

/** Variant 70 as the projection keeps it. */
export const aVariant = (overrides: Partial<catalog.Variant> = {}): VariantJson => presentVariant(aCatalogVariant(overrides), context);

/** Product 7, active, without its variants (as the projection keeps it). */
export const aProduct = (overrides: Partial<catalog.Product> = {}): ProductSnapshot => {
  const { variants: _variants, ...snapshot } = presentProduct(
    catalog.Product.fromPartial({ id: 7, name: 'Green Tea', status: 'active', cents: 1000, ...overrides }),
    context,
  );
  return snapshot;
};

/** Collection 3, listing product 7. */
export const aCollection = (overrides: Partial<catalog.Collection> = {}): CollectionJson =>
  presentCollection(catalog.Collection.fromPartial({ id: 3, name: 'Teas', product_ids: [7], ...overrides }), context);
