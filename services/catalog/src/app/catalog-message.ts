import type { catalog } from '@commerce/contracts';
import { collectionRecordFields, type CollectionRecord } from '../domain/collection';
import type { PhotoRecord } from '../domain/photos';
import { liveVariants, type ProductRecord, type VariantRecord } from '../domain/product';
import { productRecordFields, type NewProductInput } from '../domain/product-input';
import {
  buyerCents,
  hasOverridePricedVariants,
  isSoldOut,
  percentAvailable,
  variantRecordFields,
  type NewVariantInput,
} from '../domain/variant';

// A record's own fields go into its message as they are, but for the few the contract spells differently: the
// pass-through keys are listed once here, from the schema, so a new field needs no edit in this file. The messages are
// built by assignment onto one literal (not a rest pattern and a spread, which cost a read of a page of products a
// third more CPU in catalog); `Fits` keeps the compiler checking the pass-through fields against the contract's types.
type Fits<Fields, Message> = Fields extends Partial<Message> ? true : never;

const VARIANT_RENAMED = ['sku'] as const;
const VARIANT_PASSED = passedKeys(variantRecordFields.keys, VARIANT_RENAMED);
const VARIANT_FIELDS_FIT: Fits<Omit<NewVariantInput, (typeof VARIANT_RENAMED)[number]>, catalog.Variant> = true;

/** The contract's Variant: the record's own fields (variantFields) plus what follows from its stock and its product's price. */
export function toVariantMessage(
  variant: VariantRecord,
  product: Pick<ProductRecord, 'id' | 'cents' | 'default_variant_id'>,
): catalog.Variant {
  const soldOut = isSoldOut(variant);
  const fields = variantRecordFields.read(variant);
  const message: catalog.Variant = {
    id: variant.id,
    product_id: product.id,
    name: fields.name,
    position: variant.position,
    sku: fields.sku === '' ? undefined : fields.sku,
    in_stock: variant.in_stock,
    sold: variant.sold,
    percent_available: percentAvailable(variant),
    is_default_variant: variant.id === product.default_variant_id,
    sold_out: soldOut,
    status: soldOut ? 'sold-out' : 'active',
    cents: buyerCents(variant, product.cents),
    created_at: variant.created_at,
    updated_at: variant.updated_at,
  } as catalog.Variant;
  return passThrough(message, fields, VARIANT_PASSED);
}

const PRODUCT_RENAMED = ['description', 'marketplace_category_id', 'tag_list'] as const;
const PRODUCT_PASSED = passedKeys(productRecordFields.keys, PRODUCT_RENAMED);
const PRODUCT_FIELDS_FIT: Fits<Omit<NewProductInput, (typeof PRODUCT_RENAMED)[number]>, catalog.Product> = true;

/**
 * The contract's Product; `collectionIds` are the live collections holding it (they keep the membership). The
 * product's own fields (productFields) go as they are, but for the few the contract spells differently.
 */
export function toProductMessage(product: ProductRecord, collectionIds: number[]): catalog.Product {
  const fields = productRecordFields.read(product);
  const message = {
    id: product.id,
    name: fields.name,
    description: fields.description === '' ? undefined : fields.description,
    created_at: product.created_at,
    updated_at: product.updated_at,
    retired_on: undefined,
    deleted_at: product.deleted_at,
    tag_list: [...fields.tag_list],
    marketplace_category_id: fields.marketplace_category_id === 0 ? undefined : fields.marketplace_category_id,
    collection_ids: product.deleted ? [] : [...collectionIds],
    photos: product.photos.map(toPhotoMessage),
    shipping_group_id: product.shipping_group_id,
    shipping_group_name: product.shipping_group_id === 0 ? '' : product.shipping_group_name,
    variants: liveVariants(product).map((variant) => toVariantMessage(variant, product)),
    has_override_priced_variants: hasOverridePricedVariants(product),
    position: product.position,
  } as catalog.Product;
  return passThrough(message, fields, PRODUCT_PASSED);
}

export function toPhotoMessage(photo: PhotoRecord): catalog.Photo {
  return { url: photo.url, id: photo.id, image_id: photo.image_id, media_key: photo.media_key, width: photo.width, height: photo.height };
}

/** The record's field names but those its message spells differently. */
function passedKeys<K extends string>(keys: readonly K[], renamed: readonly string[]): K[] {
  return keys.filter((key) => !renamed.includes(key));
}

/** The message with each pass-through field of the record set on it. */
function passThrough<M extends object, F extends object>(message: M, fields: F, keys: readonly (keyof F & string)[]): M {
  const target = message as Record<string, unknown>;
  for (const key of keys) target[key] = fields[key];
  return message;
}

void VARIANT_FIELDS_FIT;
void PRODUCT_FIELDS_FIT;

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
