// The buyer site under test: the storefront in-process (its PageService, StoreService and TemplateService), with the
// real shipping, catalog and orders as built processes (`npx tsc -b services/shipping services/catalog services/orders`
// first). Products reach the page renderer only through catalog's events and the storefront's projection of them.
// Notifications gets an address where nothing listens: the confirmation page renders as when it does not answer.
import { catalog, orders, shipping, storefront } from '@commerce/contracts';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import type { RunningService } from '@commerce/service-host';
import { startServiceHarness, waitFor, type ServiceHarness } from '@commerce/testing';
import { loadStorefrontConfig } from '../src/config';
import { startStorefrontService } from '../src/service';

export type PageHarness = ServiceHarness<
  RunningService,
  storefront.PageServiceClient,
  'shipping' | 'catalog' | 'orders' | 'notifications'
> & {
  stores: ServiceClient<storefront.StoreServiceClient>;
  templates: ServiceClient<storefront.TemplateServiceClient>;
  visits: ServiceClient<storefront.VisitServiceClient>;
  shipping: ServiceClient<shipping.ShippingServiceClient>;
  catalog: ServiceClient<catalog.CatalogServiceClient>;
  orders: ServiceClient<orders.OrdersServiceClient>;
};

export async function startPageHarness(): Promise<PageHarness> {
  const harness = await startServiceHarness({
    name: 'storefront',
    start: (env) => startStorefrontService(loadStorefrontConfig(env)),
    client: storefront.PageServiceClient,
    siblings: { shipping: {}, catalog: {}, orders: {}, notifications: { start: false } },
  });
  return Object.assign(harness, {
    stores: createClient(storefront.StoreServiceClient, harness.address),
    templates: createClient(storefront.TemplateServiceClient, harness.address),
    visits: createClient(storefront.VisitServiceClient, harness.address),
    shipping: createClient(shipping.ShippingServiceClient, harness.siblings.shipping.address),
    catalog: createClient(catalog.CatalogServiceClient, harness.siblings.catalog.address),
    orders: createClient(orders.OrdersServiceClient, harness.siblings.orders.address),
  });
}

let nextStore = 1;

/** A new store, made through the storefront's own StoreService. */
export async function aStore(harness: PageHarness, overrides: Partial<storefront.CreateStoreRequest> = {}): Promise<storefront.Store> {
  const n = nextStore++;
  const { store } = await harness.stores.createStore(
    storefront.CreateStoreRequest.fromPartial({
      name: `Page Shop ${n}`,
      subdomain: `page-shop-${process.pid}-${n}`,
      owner_user_id: 500 + n,
      support_email: 'owner@example.com',
      ...overrides,
    }),
  );
  return store!;
}

/** A product made through catalog, with its default variant's stock set. */
export async function aProduct(
  harness: PageHarness,
  storeId: number,
  request: Partial<catalog.CreateProductRequest> = {},
  stock = 10,
): Promise<catalog.Product> {
  const { product } = await harness.catalog.createProduct(
    catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Green Tea', cents: 1250, ...request }),
  );
  await setStock(harness, storeId, product!, stock);
  return product!;
}

/** Sets the stock of the product's default variant through catalog. */
export async function setStock(harness: PageHarness, storeId: number, product: catalog.Product, stock: number): Promise<void> {
  const variant = product.variants[0]!;
  await harness.catalog.updateVariant(
    catalog.UpdateVariantRequest.fromPartial({
      store_id: storeId,
      product_id: product.id,
      variant_id: variant.id,
      full_quantity: stock,
      in_stock: stock,
    }),
  );
}

export function aRenderRequest(storeId: number, overrides: Partial<storefront.RenderPageRequest> = {}): storefront.RenderPageRequest {
  return storefront.RenderPageRequest.fromPartial({ store_id: storeId, path: '/', base_path: '/s/shop', ...overrides });
}

/** Renders the page until `until` accepts it (the projection follows catalog's events, so a page catches up). */
export async function pageWhen(
  harness: PageHarness,
  request: storefront.RenderPageRequest,
  until: (page: storefront.RenderPageResponse) => boolean,
  what: string,
) {
  return waitFor(
    async () => {
      const page = await harness.client.renderPage(request);
      return until(page) ? page : undefined;
    },
    { timeoutMs: 15_000, message: what },
  );
}
