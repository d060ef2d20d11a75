import type { catalog } from '@commerce/contracts';
import { z } from 'zod';
import { cents, decimalPrice, id, optionalTimestamp } from '../answer-schema';
import { formatOptionalTimestamp } from '../timestamp';
import { photoJson, presentPhoto } from './photo.presenter';
import { centsToPrice } from './price';
import { productUrls } from './product-urls';
import { presentVariant, variantJson } from './variant.presenter';

/** What presentProduct renders: the one description of a product's JSON (the OpenAPI document's `Product`). */
export const productJson = z
  .strictObject({
    id: id(),
    name: z.string(),
    description: z.string().nullable(),
    created_at: optionalTimestamp(),
    updated_at: optionalTimestamp(),
    retired_on: optionalTimestamp(),
    deleted_at: optionalTimestamp(),
    status: z.string(),
    labels: z.null(),
    preorder: z.boolean(),
    on_sale: z.boolean(),
    tag_list: z.array(z.string()),
    marketplace_category_id: z.number().int().nullable(),
    marketplace_category: z.null(),
    price: decimalPrice(),
    cents: cents(),
    marketplace_url: z.string(),
    short_url: z.string(),
    storefront_url: z.string(),
    collections: z.array(id()),
    photos: z.array(z.strictObject({ photo: photoJson })),
    shipping_group: z.strictObject({ id: id(), name: z.string() }).nullable(),
    variants: z.array(z.strictObject({ variant: variantJson })),
    list_in_marketplace: z.boolean(),
    has_override_priced_variants: z.boolean(),
    taxable: z.boolean().meta({ description: 'whether orders charge tax on it' }),
  })
  .meta({ id: 'Product' });

export type ProductJson = z.infer<typeof productJson>;

/**
 * A product exactly as docs/catalog.md#product lists it, plus `cents` and `taxable` (docs/catalog.md#records), in the
 * spec's key order: the API's answers and the product/* event snapshots share this one rendering. Hosted photos'
 * URLs are written on `mediaOrigin` (presentPhoto).
 */
export function presentProduct(product: catalog.Product, context: catalog.StoreContext, mediaOrigin = ''): ProductJson {
  const zone = context.time_zone;
  const urls = productUrls(product, context);
  return {
    id: product.id,
    name: product.name,
    description: product.description ?? null,
    created_at: formatOptionalTimestamp(product.created_at, zone),
    updated_at: formatOptionalTimestamp(product.updated_at, zone),
    retired_on: formatOptionalTimestamp(product.retired_on, zone),
    deleted_at: formatOptionalTimestamp(product.deleted_at, zone),
    status: product.status,
    // Catalog has no source for labels or the marketplace category record (see the proto).
    labels: null,
    preorder: product.preorder,
    on_sale: product.on_sale,
    tag_list: [...product.tag_list],
    marketplace_category_id: product.marketplace_category_id ?? null,
    marketplace_category: null,
    price: centsToPrice(product.cents, context.currency),
    cents: product.cents,
    marketplace_url: urls.marketplace_url,
    short_url: urls.short_url,
    storefront_url: urls.storefront_url,
    collections: [...product.collection_ids],
    photos: product.photos.map((photo) => ({ photo: presentPhoto(photo, mediaOrigin) })),
    // 0 means the store had no shipping group when the product was created.
    shipping_group: product.shipping_group_id ? { id: product.shipping_group_id, name: product.shipping_group_name } : null,
    variants: product.variants.map((variant) => ({ variant: presentVariant(variant, context) })),
    list_in_marketplace: product.list_in_marketplace,
    has_override_priced_variants: product.has_override_priced_variants,
    taxable: product.taxable,
  };
}
