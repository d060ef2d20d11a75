import type { catalog } from '@commerce/contracts';
import { collectionRecordFields, type CollectionRecord } from '../domain/collection';
import { liveVariants, type ProductRecord, type VariantRecord } from '../domain/product';
import { productRecordFields } from '../domain/product-input';
import { buyerCents, hasOverridePricedVariants, isSoldOut, percentAvailable, variantRecordFields } from '../domain/variant';

/** The contract's Variant: the record's own fields (variantFields) plus what follows from its stock and its product's price. */
export function toVariantMessage(
  variant: VariantRecord,
  product: Pick<ProductRecord, 'id' | 'cents' | 'default_variant_id'>,
): catalog.Variant {
  const soldOut = isSoldOut(variant);
  const { sku, ...fields } = variantRecordFields.read(variant);
  return {
    ...fields,
    id: variant.id,
    product_id: product.id,
    position: variant.position,
    sku: sku === '' ? undefined : sku,
    in_stock: variant.in_stock,
    sold: variant.sold,
    percent_available: percentAvailable(variant),
    is_default_variant: variant.id === product.default_variant_id,
    sold_out: soldOut,
    status: soldOut ? 'sold-out' : 'active',
    cents: buyerCents(variant, product.cents),
    created_at: variant.created_at,
    updated_at: variant.updated_at,
  };
}

/**
 * The contract's Product; `collectionIds` are the live collections holding it (they keep the membership). The
 * product's own fields (productFields) go as they are, but for the few the contract spells differently.
 */
export function toProductMessage(product: ProductRecord, collectionIds: number[]): catalog.Product {
  const { description, marketplace_category_id, tag_list, photo_urls, ...fields } = productRecordFields.read(product);
  return {
    ...fields,
    id: product.id,
    description: description === '' ? undefined : description,
    created_at: product.created_at,
    updated_at: product.updated_at,
    retired_on: undefined,
    deleted_at: product.deleted_at,
    tag_list: [...tag_list],
    marketplace_category_id: marketplace_category_id === 0 ? undefined : marketplace_category_id,
    collection_ids: product.deleted ? [] : [...collectionIds],
    photos: photo_urls.map((url) => ({ url })),
    shipping_group_id: product.shipping_group_id,
    shipping_group_name: product.shipping_group_id === 0 ? '' : product.shipping_group_name,
    variants: liveVariants(product).map((variant) => toVariantMessage(variant, product)),
    has_override_priced_variants: hasOverridePricedVariants(product),
    position: product.position,
  };
}

/** The contract's Collection; `liveProductIds` drops members deleted a moment ago (their cleanup may still be running). */
export function toCollectionMessage(collection: CollectionRecord, liveProductIds: ReadonlySet<number>): catalog.Collection {
  const fields = collectionRecordFields.read(collection);
  return {
    ...fields,
    id: collection.id,
    product_ids: fields.product_ids.filter((id) => liveProductIds.has(id)),
    created_at: collection.created_at,
    updated_at: collection.updated_at,
  };
}
