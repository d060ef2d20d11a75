import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import {
  catalogOfProducts,
  isOnSite,
  variantOrder,
  variantsByProduct,
  type ChangeableStoreCatalog,
  type ProductSnapshot,
  type SiteProduct,
  type StoreCatalog,
} from './store-catalog';

/**
 * Records of a store's projection as they are now, each its resource or its tombstone (`deleted`): those written since
 * a version the site read. A record may come more than once; a later one in its list is at least as new.
 */
export interface CatalogChanges {
  products: ReadonlyArray<{ deleted: boolean; product: ProductSnapshot }>;
  variants: ReadonlyArray<{ deleted: boolean; variant: VariantJson }>;
  collections: ReadonlyArray<{ deleted: boolean; collection: CollectionJson }>;
}

/**
 * A store's catalog as the site shows it, kept up to date by applying the records that changed
 * (docs/buyer-site.md#where-the-data-comes-from-and-caching): the same `catalog` object throughout, its lists and maps
 * changed in place, so a stock move in a store of 100,000 products costs a few lookups instead of building the whole
 * catalog again. Applying records in any order gives what `buildStoreCatalog` gives over the records as they end up.
 * It also keeps the variants of products that are not on the site (hidden ones may be shown again). A variant belongs
 * to one product for life (catalog never moves one), so it is looked up under its record's `product_id`.
 */
export class KeptStoreCatalog {
  readonly catalog: StoreCatalog;
  private readonly site: ChangeableStoreCatalog;
  /** Every product's live variants in `variantOrder`, shared with its SiteProduct; replaced, never changed in place. */
  private readonly variantsOf: Map<number, VariantJson[]>;

  constructor(products: readonly ProductSnapshot[], variants: readonly VariantJson[], collections: readonly CollectionJson[]) {
    this.variantsOf = variantsByProduct(variants);
    this.site = catalogOfProducts(products, this.variantsOf, collections);
    this.catalog = this.site;
  }

  /** Applies the records; variants first, so a product shown in the same changes comes with its new variants at once. */
  apply(changes: CatalogChanges): void {
    for (const { variant, deleted } of changes.variants) this.applyVariant(variant, deleted);
    for (const { product, deleted } of changes.products) this.applyProduct(product, deleted);
    for (const { collection, deleted } of changes.collections) this.applyCollection(collection, deleted);
  }

  private applyProduct(product: ProductSnapshot, deleted: boolean): void {
    const { products, productById } = this.site;
    const at = productIndex(products, product.id);
    const shown = products[at]?.product.id === product.id;
    if (deleted || !isOnSite(product)) {
      if (shown) this.unlist(products.splice(at, 1)[0]!);
      return;
    }
    const entry: SiteProduct = { product, variants: this.variantsOf.get(product.id) ?? [] };
    if (shown) products[at] = entry;
    else products.splice(at, 0, entry);
    productById.set(product.id, entry);
    this.listVariants(entry);
  }

  private applyVariant(variant: VariantJson, deleted: boolean): void {
    const productId = variant.product_id;
    const variants = (this.variantsOf.get(productId) ?? []).filter((kept) => kept.id !== variant.id);
    if (!deleted) variants.splice(insertionIndex(variants, variant), 0, variant);
    if (variants.length > 0) this.variantsOf.set(productId, variants);
    else this.variantsOf.delete(productId);
    const shown = this.site.productById.get(productId);
    if (!shown) return;
    const entry: SiteProduct = { product: shown.product, variants };
    const { products } = this.site;
    products[productIndex(products, productId)] = entry;
    this.site.productById.set(productId, entry);
    if (deleted) this.site.variantById.delete(variant.id);
    this.listVariants(entry);
  }

  private applyCollection(collection: CollectionJson, deleted: boolean): void {
    const { collections, collectionById } = this.site;
    const at = lowerBound(collections.length, (index) => collections[index]!.id < collection.id);
    const listed = collections[at]?.id === collection.id;
    if (deleted) {
      if (listed) collections.splice(at, 1);
      collectionById.delete(collection.id);
      return;
    }
    if (listed) collections[at] = collection;
    else collections.splice(at, 0, collection);
    collectionById.set(collection.id, collection);
  }

  /** Points each of the product's variants at this entry of it. */
  private listVariants(entry: SiteProduct): void {
    for (const variant of entry.variants) this.site.variantById.set(variant.id, { product: entry, variant });
  }

  private unlist(entry: SiteProduct): void {
    this.site.productById.delete(entry.product.id);
    for (const variant of entry.variants) this.site.variantById.delete(variant.id);
  }
}

/** Where the product of this id is, or would go, in the site's list (newest first: id descending). */
const productIndex = (products: readonly SiteProduct[], id: number): number =>
  lowerBound(products.length, (index) => products[index]!.product.id > id);

/** Where the variant goes in its product's list, after every variant that comes before it. */
const insertionIndex = (variants: readonly VariantJson[], variant: VariantJson): number =>
  lowerBound(variants.length, (index) => variantOrder(variants[index]!, variant) < 0);

/** The first index in [0, length) where `before` turns false; `before` is true for a prefix of the indexes. */
function lowerBound(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
