import type { CollectionJson, ProductJson, VariantJson } from '@commerce/api-presenters';

/** A product as the catalog projection keeps it: the record catalog's product events carry, without its variants. */
export type ProductSnapshot = Omit<ProductJson, 'variants'>;

/** One product the buyer site may show, with its live variants in position order. */
export interface SiteProduct {
  product: ProductSnapshot;
  variants: VariantJson[];
}

/** What the buyer site shows of one store's catalog, read once from the projection and kept until it changes. */
export interface StoreCatalog {
  /** Products a buyer may see (not deleted, not hidden), newest first. */
  products: SiteProduct[];
  productById: ReadonlyMap<number, SiteProduct>;
  /** Each variant of a visible product, for the cart. */
  variantById: ReadonlyMap<number, { product: SiteProduct; variant: VariantJson }>;
  /** Live collections, oldest first. */
  collections: CollectionJson[];
  collectionById: ReadonlyMap<number, CollectionJson>;
}

/** Whether buyers see the product: `hidden` ones and deleted ones are not on the site. */
export function isOnSite(product: Pick<ProductSnapshot, 'status' | 'deleted_at'>): boolean {
  return product.status !== 'hidden' && !product.deleted_at;
}

/**
 * The site's view of a store from the projection's live records: `products` and `collections` exclude deleted ones
 * already; variants of products not on the site are dropped.
 */
export function buildStoreCatalog(
  products: readonly ProductSnapshot[],
  variants: readonly VariantJson[],
  collections: readonly CollectionJson[],
): StoreCatalog {
  const variantsOf = new Map<number, VariantJson[]>();
  for (const variant of variants) {
    const list = variantsOf.get(variant.product_id);
    if (list) list.push(variant);
    else variantsOf.set(variant.product_id, [variant]);
  }
  const visible = products
    .filter(isOnSite)
    .sort((a, b) => b.id - a.id)
    .map((product) => ({ product, variants: (variantsOf.get(product.id) ?? []).sort((a, b) => a.position - b.position || a.id - b.id) }));
  const productById = new Map(visible.map((entry) => [entry.product.id, entry]));
  const variantById = new Map<number, { product: SiteProduct; variant: VariantJson }>();
  for (const entry of visible) for (const variant of entry.variants) variantById.set(variant.id, { product: entry, variant });
  const liveCollections = [...collections].sort((a, b) => a.id - b.id);
  return {
    products: visible,
    productById,
    variantById,
    collections: liveCollections,
    collectionById: new Map(liveCollections.map((c) => [c.id, c])),
  };
}

/** The collection's products the site shows, in the order the collection lists them. */
export function productsOf(catalog: StoreCatalog, collection: Pick<CollectionJson, 'products'>): SiteProduct[] {
  return collection.products.map((id) => catalog.productById.get(id)).filter((entry): entry is SiteProduct => entry !== undefined);
}

/** A variant a buyer can put in the cart: its product is active and it has stock. */
export function isPurchasable(
  product: Pick<ProductSnapshot, 'status'>,
  variant: Pick<VariantJson, 'sold_out' | 'in_stock' | 'status'>,
): boolean {
  return product.status === 'active' && variant.status === 'active' && !variant.sold_out && variant.in_stock > 0;
}
