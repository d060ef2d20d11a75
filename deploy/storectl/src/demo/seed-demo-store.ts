import type { ApiClient } from './api-client';
import type { StoreRecord } from './api-records';
import { createCatalog } from './catalog-step';
import { placeCheckouts } from './checkout-step';
import { countByStatus, planDemo } from './demo-plan';
import { actOnOrders, type RefusedAction } from './fulfillment-step';
import type { Progress } from './progress';
import { createShipping } from './shipping-step';

export interface DemoSeedSummary {
  store: {
    id: number;
    name: string;
    subdomain: string;
    url: string;
    custom_domain: string | null;
    buyer_url: string;
    checkout_url: string;
    api_url: string;
  };
  seed: number;
  shipping: { shipping_group_id: number; shipping_class_ids: number[] };
  products: number;
  variants: number;
  collections: number;
  orders: { placed: number; by_status: Record<string, number> };
  declined_checkouts: number;
  out_of_stock_checkouts: number;
  refused_actions?: RefusedAction[];
}

/**
 * Fills the store through the public API, as an app and its buyers would: shipping, the catalog, checkouts on
 * the buyer path, then the owner shipping, holding and canceling orders. Stops at the first answer it cannot
 * take in its stride (what was created stays); 429s are waited out, sold-out checkouts skipped.
 */
export async function seedDemoStore(
  api: ApiClient,
  store: StoreRecord,
  counts: { products: number; orders: number; seed: number },
  progress: Progress,
): Promise<DemoSeedSummary> {
  const plan = planDemo(counts.seed, counts.products, counts.orders);
  const shipping = await createShipping(api, progress);
  const catalog = await createCatalog(api, plan.catalog, shipping.shipping_group_id, progress);
  const outcomes = await placeCheckouts(api, store.subdomain, plan.orders, catalog.products, progress);

  const placed = outcomes.flatMap((outcome) => (outcome.outcome === 'placed' ? [outcome] : []));
  const acted = await actOnOrders(
    api,
    placed.map(({ order, plan: planned }) => ({ order, fate: planned.fate ?? { action: 'leave-open' }, country: planned.address.country })),
    progress,
  );

  // The site opens on the store's own origin; `/s/<subdomain>/` only redirects there, but takes a headless checkout.
  const headlessSite = `${api.baseUrl}/s/${encodeURIComponent(store.subdomain)}/`;
  return {
    store: {
      id: store.id,
      name: store.name,
      subdomain: store.subdomain,
      url: store.url,
      custom_domain: store.custom_domain,
      buyer_url: store.url,
      checkout_url: `${headlessSite}checkout`,
      api_url: `${api.baseUrl}/v1`,
    },
    seed: counts.seed,
    shipping,
    products: catalog.products.length,
    variants: catalog.products.reduce((sum, product) => sum + product.variant_ids.length, 0),
    collections: catalog.collection_ids.length,
    orders: { placed: placed.length, by_status: countByStatus(acted.statuses) },
    declined_checkouts: outcomes.filter(({ outcome }) => outcome === 'declined').length,
    out_of_stock_checkouts: outcomes.filter(({ outcome }) => outcome === 'out-of-stock').length,
    ...(acted.refused.length > 0 ? { refused_actions: acted.refused } : {}),
  };
}
