import type { CollectionJson, VariantJson } from '@commerce/api-presenters';
import { decimalNumber } from '@commerce/money';
import { sitePhoto } from './site-photos';
import type { StoreRecord } from './store';
import { isPurchasable, type SiteProduct, type StoreCatalog } from './store-catalog';
import type { TemplateRecord } from './template';

// The objects the buyer site's Liquid templates see (docs/buyer-site.md lists them). Plain data only: a template
// reads what is here and nothing else.

export const PRODUCTS_PER_PAGE = 24;

/** Every link a page writes, built on the site's root as the buyer reached it ("" or "/s/<subdomain>"). */
export function linksOf(base: string) {
  return {
    home: `${base}/`,
    cart: `${base}/cart`,
    checkout: `${base}/checkout`,
    contact: `${base}/contact`,
    faq: `${base}/faq`,
    css: `${base}/store.css`,
  };
}

export function storeVariables(store: StoreRecord) {
  return {
    id: store.id,
    name: store.name,
    description: store.description,
    subdomain: store.subdomain,
    location: store.location,
    support_email: store.support_email,
    phone: store.phone,
    business_name: store.business_name,
    return_address: store.return_address,
    avatar: store.avatar,
    open: store.storefront_open,
    currency: store.currency,
    prices_include_tax: store.prices_include_tax,
  };
}

/** The store's custom pages, for navigation. */
export function customPagesOf(templates: readonly TemplateRecord[], base: string) {
  return templates
    .filter((template) => template.kind === 'custom')
    .map((template) => ({ name: template.name, permalink: template.permalink, url: `${base}/pages/${template.permalink}` }));
}

export const productUrlOf = (base: string, id: number) => `${base}/products/${id}`;
export const collectionUrlOf = (base: string, id: number) => `${base}/collections/${id}`;

/** A variant as templates see it; `price` is its cents as a decimal in the store's `currency` (docs/money.md#currency). */
export function variantVariables(entry: SiteProduct, variant: VariantJson, currency: string) {
  return {
    id: variant.id,
    name: variant.name,
    sku: variant.sku,
    position: variant.position,
    cents: variant.cents,
    price: decimalNumber(variant.cents, currency),
    in_stock: variant.in_stock,
    sold_out: variant.sold_out,
    status: variant.status,
    available: isPurchasable(entry.product, variant),
  };
}

export type VariantVariables = ReturnType<typeof variantVariables>;

/** A product as templates see it, its prices in the store's `currency` (the projection's `price` may predate a change of it). */
export function productVariables(entry: SiteProduct, catalog: StoreCatalog, base: string, currency: string) {
  const { product } = entry;
  const variants = entry.variants.map((variant) => variantVariables(entry, variant, currency));
  const prices = variants.length > 0 ? variants.map((variant) => variant.cents) : [product.cents];
  const [minCents, maxCents] = [Math.min(...prices), Math.max(...prices)];
  const photos = product.photos.map(({ photo }) => sitePhoto(photo));
  return {
    id: product.id,
    name: product.name,
    description: product.description ?? '',
    url: productUrlOf(base, product.id),
    status: product.status,
    coming_soon: product.status === 'coming soon',
    on_sale: product.on_sale,
    preorder: product.preorder,
    tags: product.tag_list,
    cents: product.cents,
    price: decimalNumber(product.cents, currency),
    min_cents: minCents,
    max_cents: maxCents,
    has_price_range: minCents !== maxCents,
    available: variants.some((variant) => variant.available),
    sold_out: variants.length > 0 && variants.every((variant) => variant.sold_out),
    in_stock: variants.reduce((sum, variant) => sum + variant.in_stock, 0),
    image: photos[0] ?? null,
    photos,
    variants,
    default_variant: variants.find((variant) => variant.available) ?? variants[0] ?? null,
    collections: product.collections
      .map((id) => catalog.collectionById.get(id))
      .filter((collection): collection is CollectionJson => collection !== undefined)
      .map((collection) => ({ id: collection.id, name: collection.name, url: collectionUrlOf(base, collection.id) })),
  };
}

export function collectionVariables(collection: CollectionJson, catalog: StoreCatalog, base: string) {
  return {
    id: collection.id,
    name: collection.name,
    description: collection.description,
    url: collectionUrlOf(base, collection.id),
    product_count: collection.products.filter((id) => catalog.productById.has(id)).length,
  };
}

export interface Pagination {
  page: number;
  pages: number;
  per_page: number;
  total: number;
  previous_url: string | null;
  next_url: string | null;
}

/** One page of a listing and its pagination; a page past the end is empty (and says so). */
export function paginate<T>(
  items: readonly T[],
  page: number,
  listUrl: string,
  perPage = PRODUCTS_PER_PAGE,
): { items: T[]; pagination: Pagination } {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  const urlOf = (n: number) => (n === 1 ? listUrl : `${listUrl}?page=${n}`);
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    pagination: {
      page,
      pages,
      per_page: perPage,
      total: items.length,
      previous_url: page > 1 && page <= pages ? urlOf(page - 1) : null,
      next_url: page < pages ? urlOf(page + 1) : null,
    },
  };
}

/** One line of the buyer's cart as the gateway's cookie holds it. */
export interface CartLineInput {
  variant_id: number;
  quantity: number;
}

/**
 * The cart as pages show it: lines whose variant the site no longer shows are left out (the checkout would refuse
 * them); each line says whether it can be bought as asked.
 */
export function cartVariables(lines: readonly CartLineInput[], catalog: StoreCatalog, base: string, currency: string) {
  const items = lines.flatMap((line, index) => {
    const found = catalog.variantById.get(line.variant_id);
    if (!found || line.quantity < 1) return [];
    const variant = variantVariables(found.product, found.variant, currency);
    return [
      {
        index,
        variant_id: variant.id,
        product_id: found.product.product.id,
        name: found.product.product.name,
        variant_name: variant.name,
        is_default_variant: found.variant.is_default_variant,
        quantity: line.quantity,
        cents: variant.cents,
        line_cents: variant.cents * line.quantity,
        url: productUrlOf(base, found.product.product.id),
        image: found.product.product.photos[0] ? sitePhoto(found.product.product.photos[0].photo) : null,
        in_stock: variant.in_stock,
        available: variant.available && variant.in_stock >= line.quantity,
      },
    ];
  });
  return {
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal_cents: items.reduce((sum, item) => sum + item.line_cents, 0),
    empty: items.length === 0,
  };
}

export type CartVariables = ReturnType<typeof cartVariables>;
