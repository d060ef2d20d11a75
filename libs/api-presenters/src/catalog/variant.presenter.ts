import type { catalog } from '@commerce/contracts';
import { centsToPrice } from './price';

/**
 * A variant exactly as spec 2.4 lists it. Catalog computes sold_out, status, percent_available and
 * cents so the rules live in one place; this only renders. The spec lists no timestamps for a
 * variant, so none are added; `context` is taken for symmetry with the other presenters.
 */
export function presentVariant(variant: catalog.Variant, _context?: catalog.StoreContext) {
  return {
    id: variant.id,
    product_id: variant.product_id,
    name: variant.name,
    position: variant.position,
    sku: variant.sku ?? null,
    full_quantity: variant.full_quantity,
    percent_available: variant.percent_available,
    is_default_variant: variant.is_default_variant,
    in_stock: variant.in_stock,
    sold: variant.sold,
    price: centsToPrice(variant.cents),
    sold_out: variant.sold_out,
    status: variant.status,
    has_override_price: variant.has_override_price,
    cents: variant.cents,
  };
}

export type VariantJson = ReturnType<typeof presentVariant>;
