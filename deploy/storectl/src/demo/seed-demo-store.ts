import type { ApiClient } from './api-client';
import type { StoreRecord } from './api-records';
import { createCatalog } from './catalog-step';
import { placeCheckouts } from './checkout-step';
import { countByStatus, planDemo } from './demo-plan';
import { actOnOrders, type RefusedAction } from './fulfillment-step';
import { createMoney, DEMO_DISCOUNT } from './money-step';
import { addPhotos } from './photo-step';
import type { Progress } from './progress';
import { makeRefunds, type RefusedRefund } from './refund-step';
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
  /** Products given a picture (every one). */
  photos: number;
  variants: number;
  collections: number;
  orders: { placed: number; by_status: Record<string, number> };
  tax_rates: number;
  discount: { code: string; orders: number };
  refunds: number;
  declined_checkouts: number;
  out_of_stock_checkouts: number;
  refused_actions?: RefusedAction[];
  refused_refunds?: RefusedRefund[];
}

/**
 * Fills the store through the public API, as an app and its buyers would: shipping, tax rates and a discount code,
 * the catalog, a picture drawn for each product, checkouts on the buyer path (some with the code), then the owner
 * shipping, holding, canceling and refunding orders. Stops at the first answer it cannot take in its stride (what was
 * created stays); 429s are waited out, sold-out checkouts skipped.
 */
export async function seedDemoStore(
  api: ApiClient,
  store: StoreRecord,
  counts: { products: number; orders: number; seed: number },
  progress: Progress,
): Promise<DemoSeedSummary> {
  const plan = planDemo(counts.seed, counts.products, counts.orders);
  const shipping = await createShipping(api, progress);
  const money = await createMoney(api, progress);
  const catalog = await createCatalog(api, plan.catalog, shipping.shipping_group_id, progress);
  const photos = await addPhotos(
    api,
    catalog.products.map((product, index) => ({ id: product.id, name: plan.catalog.products[index]!.name })),
    progress,
  );
  const outcomes = await placeCheckouts(api, store.subdomain, plan.orders, catalog.products, progress);

  const placed = outcomes.flatMap((outcome) => (outcome.outcome === 'placed' ? [outcome] : []));
  const acted = await actOnOrders(
    api,
    placed.map(({ order, plan: planned }) => ({ order, fate: planned.fate ?? { action: 'leave-open' }, country: planned.address.country })),
    progress,
  );
  const refunds = await makeRefunds(
    api,
    placed.map(({ order, plan: planned }) => ({ order, fate: planned.fate ?? { action: 'leave-open' } })),
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
    photos: photos.photo_ids.length,
    variants: catalog.products.reduce((sum, product) => sum + product.variant_ids.length, 0),
    collections: catalog.collection_ids.length,
    orders: { placed: placed.length, by_status: countByStatus(acted.statuses) },
    tax_rates: money.tax_rate_ids.length,
    discount: { code: DEMO_DISCOUNT.code, orders: placed.filter(({ order }) => order.discount_code === DEMO_DISCOUNT.code).length },
    refunds: refunds.made,
    declined_checkouts: outcomes.filter(({ outcome }) => outcome === 'declined').length,
    out_of_stock_checkouts: outcomes.filter(({ outcome }) => outcome === 'out-of-stock').length,
    ...(acted.refused.length > 0 ? { refused_actions: acted.refused } : {}),
    ...(refunds.refused.length > 0 ? { refused_refunds: refunds.refused } : {}),
  };
}
