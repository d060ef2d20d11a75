// A product and its variants as catalog keeps them: one aggregate, so every rule that spans variants
// (positions 1..n, one default, at least one variant, stock) is checked and changed in one place.

import type { PhotoRecord } from './photos';
import type { NewProductInput } from './product-input';
import type { NewVariantInput } from './variant';

export const PRODUCT_STATUSES = ['active', 'hidden', 'coming soon'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Where a new or moved product goes among the store's products (see rankFor). */
export const PLACEMENTS = ['top', 'bottom'] as const;
export type Placement = (typeof PLACEMENTS)[number];

export const MAX_PHOTOS = 5;
/** Live variants of one product: each is rendered inside the product, so their number bounds its size. */
export const MAX_VARIANTS = 100;
/** $10,000,000.00. Every amount up to it renders exactly as cents / 100 (10 significant digits, a double holds 15). */
export const MAX_CENTS = 1_000_000_000;
export const DEFAULT_VARIANT_NAME = 'Default';

/** The variant's own fields are declared once, in variantFields (variant.ts); this adds what catalog keeps. */
export interface VariantRecord extends Omit<NewVariantInput, 'in_stock'> {
  id: number;
  /** 1..n among the product's live variants, renumbered on every structural change. */
  position: number;
  in_stock: number;
  sold: number;
  created_at: Date;
  updated_at: Date;
  /** Kept (not removed) so past orders can still read it (GetVariantsByIds include_deleted). */
  deleted: boolean;
  deleted_at?: Date;
  /** Sequence of the variant's last event. */
  version: number;
}

/** The product's own fields are declared once, in productFields (product-input.ts); this adds what catalog keeps. */
export interface ProductRecord extends NewProductInput {
  store_id: number;
  id: number;
  /** 0: the store had no shipping group when the product was created. */
  shipping_group_id: number;
  /** Projected from shipping's group events so rendering needs no call to shipping. */
  shipping_group_name: string;
  /** Rank among the store's products, lower first. */
  position: number;
  created_at: Date;
  updated_at: Date;
  /** A boolean beside deleted_at so indexes and filters never need null (see the persistence README). */
  deleted: boolean;
  deleted_at?: Date;
  default_variant_id: number;
  /** In the owner's order (domain/photos.ts). */
  photos: PhotoRecord[];
  /** Live and deleted variants; live ones ordered by `position`. */
  variants: VariantRecord[];
  /** Sequence of the product's last event. */
  version: number;
}

export interface NewProductPlacement {
  id: number;
  storeId: number;
  /** Its "Default" variant (newVariantRecord named DEFAULT_VARIANT_NAME, no stock until the owner sets some). */
  defaultVariant: VariantRecord;
  shippingGroup: { id: number; name: string };
  position: number;
  photos: PhotoRecord[];
  now: Date;
}

/** A new product with its "Default" variant, first of its variants. */
export function newProductRecord(input: NewProductInput, placement: NewProductPlacement): ProductRecord {
  const { now } = placement;
  const variant: VariantRecord = { ...placement.defaultVariant, position: 1 };
  return {
    store_id: placement.storeId,
    id: placement.id,
    ...input,
    shipping_group_id: placement.shippingGroup.id,
    shipping_group_name: placement.shippingGroup.name,
    position: placement.position,
    created_at: now,
    updated_at: now,
    deleted: false,
    default_variant_id: variant.id,
    photos: placement.photos,
    variants: [variant],
    version: 0,
  };
}

/** Live variants in position order. */
export function liveVariants(product: Pick<ProductRecord, 'variants'>): VariantRecord[] {
  return product.variants.filter((variant) => !variant.deleted).sort((a, b) => a.position - b.position || a.id - b.id);
}

export function findLiveVariant(product: ProductRecord, variantId: number): VariantRecord | undefined {
  return product.variants.find((variant) => variant.id === variantId && !variant.deleted);
}

/** Whether a buyer may order it (ReserveStock): live and active. */
export function isPurchasable(product: ProductRecord): boolean {
  return !product.deleted && product.status === 'active';
}

/** `position: top` goes before the store's first product, `bottom` (the default) after its last. */
export function rankFor(placement: Placement, bounds: { first?: number; last?: number }): number {
  if (placement === 'top') return bounds.first === undefined ? 1 : bounds.first - 1;
  return bounds.last === undefined ? 1 : bounds.last + 1;
}
