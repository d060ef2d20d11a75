import type { CollectionJson, ProductJson, VariantJson } from '@commerce/api-presenters';

/** A product as the catalog projection keeps it: the record catalog's product events carry, without its variants. */
export type ProductSnapshot = Omit<ProductJson, 'variants'>;

/**
 * One product the buyer site may show, with its live variants in position order. Never changed in place: a change of
 * the product or of one of its variants makes a new one (a page being built keeps the one it read).
 */
export interface SiteProduct {
  product: ProductSnapshot;
  variants: VariantJson[];
}

/**
 * What the buyer site shows of one store's catalog, read once from the projection and then kept up to date in place by
 * the changes the projection records (domain/kept-store-catalog.ts).
 */
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

/** A StoreCatalog whose parts may change in place (domain/kept-store-catalog.ts keeps one up to date). */
export interface ChangeableStoreCatalog extends StoreCatalog {
  products: SiteProduct[];
  productById: Map<number, SiteProduct>;
  variantById: Map<number, { product: SiteProduct; variant: VariantJson }>;
  collections: CollectionJson[];
  collectionById: Map<number, CollectionJson>;
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
  return catalogOfProducts(products, variantsByProduct(variants), collections);
}

/** A product's variants in the order the site lists them: position, then id. */
export const variantOrder = (a: VariantJson, b: VariantJson): number => a.position - b.position || a.id - b.id;

/** Each product's variants in `variantOrder`, by product id (products not on the site too). */
export function variantsByProduct(variants: readonly VariantJson[]): Map<number, VariantJson[]> {
  const variantsOf = new Map<number, VariantJson[]>();
  for (const variant of variants) {
    const list = variantsOf.get(variant.product_id);
    if (list) list.push(variant);
    else variantsOf.set(variant.product_id, [variant]);
  }
  for (const list of variantsOf.values()) list.sort(variantOrder);
  return variantsOf;
}

/** The site's view of a store, from its live products, their variants (`variantsByProduct`) and its live collections. */
export function catalogOfProducts(
  products: readonly ProductSnapshot[],
  variantsOf: ReadonlyMap<number, VariantJson[]>,
  collections: readonly CollectionJson[],
): ChangeableStoreCatalog {
  const visible = products
    .filter(isOnSite)
    .sort((a, b) => b.id - a.id)
    .map((product) => ({ product, variants: variantsOf.get(product.id) ?? [] }));
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
