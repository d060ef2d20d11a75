import type { catalog } from '@commerce/contracts';

/**
 * The product's public addresses (docs/catalog.md#product-urls), derived from the store's address, the product id and
 * its name, so no stored permalink can go stale:
 * - storefront_url `${url}/product/${id}-${slug}`: the id makes it unique (two products may share a
 *   name) and keeps old links resolvable after a rename; the slug makes it readable.
 * - short_url `${url}/p/${id}`.
 * - marketplace_url `${scheme}://marketplace.${platform}/${subdomain}/product/${id}-${slug}` when the
 *   store's url is `${scheme}://${subdomain}.${platform}`; with a custom domain the platform host is
 *   unknown here, so it falls back to the storefront_url.
 */
export interface ProductUrls {
  storefront_url: string;
  short_url: string;
  marketplace_url: string;
}

const MAX_SLUG_LENGTH = 80;

export function productUrls(product: Pick<catalog.Product, 'id' | 'name'>, context: catalog.StoreContext): ProductUrls {
  const base = context.url.replace(/\/+$/, '');
  const path = `/product/${product.id}-${slugOf(product.name)}`;
  const storefrontUrl = `${base}${path}`;
  const marketplaceBase = marketplaceBaseOf(base, context.subdomain);
  return {
    storefront_url: storefrontUrl,
    short_url: `${base}/p/${product.id}`,
    marketplace_url: marketplaceBase ? `${marketplaceBase}/${context.subdomain}${path}` : storefrontUrl,
  };
}

/** "Café Tee — Large!" → "cafe-tee-large"; a name with no letters or digits → "product". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'product';
}

/** `https://tea.shops.example` with subdomain `tea` → `https://marketplace.shops.example`. */
function marketplaceBaseOf(storeUrl: string, subdomain: string): string | undefined {
  if (!subdomain) return undefined;
  const match = /^(https?:\/\/)([^/?#]+)$/i.exec(storeUrl);
  if (!match) return undefined;
  const [, scheme, host] = match;
  const prefix = `${subdomain.toLowerCase()}.`;
  if (!host!.toLowerCase().startsWith(prefix)) return undefined;
  return `${scheme}marketplace.${host!.slice(prefix.length)}`;
}
