import type { catalog } from '@commerce/contracts';
import { z } from 'zod';
import { cents, decimalPrice, id } from '../answer-schema';
import { centsToPrice } from './price';

/** What presentVariant renders: the one description of a variant's JSON (the OpenAPI document's `Variant`). */
export const variantJson = z
  .strictObject({
    id: id(),
    product_id: id(),
    name: z.string(),
    position: z.number().int(),
    sku: z.string().nullable(),
    full_quantity: z.number().int(),
    percent_available: z.number(),
    is_default_variant: z.boolean(),
    in_stock: z.number().int(),
    sold: z.number().int(),
    price: decimalPrice(),
    sold_out: z.boolean(),
    status: z.string(),
    has_override_price: z.boolean(),
    cents: cents(),
  })
  .meta({ id: 'Variant' });

export type VariantJson = z.infer<typeof variantJson>;

/**
 * A variant exactly as docs/catalog.md#variant lists it. Catalog computes sold_out, status, percent_available and
 * cents so the rules live in one place; this only renders. The spec lists no timestamps for a
 * variant, so none are added. `price` is written in the context's currency (USD without one).
 */
export function presentVariant(variant: catalog.Variant, context?: catalog.StoreContext): VariantJson {
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
    price: centsToPrice(variant.cents, context?.currency),
    sold_out: variant.sold_out,
    status: variant.status,
    has_override_price: variant.has_override_price,
    cents: variant.cents,
  };
}

/** What presentLowStockVariant renders: a variant of the low-stock list with its product's name (docs/catalog.md#low-stock-variants). */
export const lowStockVariantJson = variantJson
  .extend({ product_name: z.string().meta({ description: "the name of the variant's product (its id is `product_id`)" }) })
  .meta({ id: 'LowStockVariant' });

export type LowStockVariantJson = z.infer<typeof lowStockVariantJson>;

/** A variant as presentVariant renders it, and its product's name. */
export function presentLowStockVariant(variant: catalog.Variant, productName: string, context?: catalog.StoreContext): LowStockVariantJson {
  return { ...presentVariant(variant, context), product_name: productName };
}
