// Catalog under test through the shared harness (@commerce/testing), with the real storefront and shipping as
// built processes (`npm run build` first): catalog learns store contexts and shipping groups from their real
// events and RPCs. Then catalog's own builders: stores, products, variants.
import { catalog, shipping, storefront } from '@commerce/contracts';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import { startServiceHarness, type ServiceHarness } from '@commerce/testing';
import { loadCatalogConfig, type CatalogConfig } from '../src/config';
import { startCatalogService, type CatalogPorts } from '../src/service';

export type CatalogClient = ServiceClient<catalog.CatalogServiceClient>;

export type CatalogHarness = ServiceHarness<
  Awaited<ReturnType<typeof startCatalogService>>,
  catalog.CatalogServiceClient,
  'storefront' | 'shipping'
> & {
  stores: ServiceClient<storefront.StoreServiceClient>;
  shipping: ServiceClient<shipping.ShippingServiceClient>;
  /** The config catalog runs with, to open its data while it is stopped. */
  config: CatalogConfig;
  /** A new store created through the storefront. */
  newStore(overrides?: Partial<storefront.CreateStoreRequest>): Promise<storefront.Store>;
};

/**
 * `env` adds to (or overrides) catalog's settings, e.g. a short sweep interval. Media is not run: without a `media` port
 * catalog's calls to it find nothing listening (port 1), as when media is down.
 */
export async function startCatalogHarness(env: Record<string, string> = {}, ports: CatalogPorts = {}): Promise<CatalogHarness> {
  const harness = await startServiceHarness({
    name: 'catalog',
    start: (serviceEnv) => startCatalogService(loadCatalogConfig(serviceEnv), ports),
    client: catalog.CatalogServiceClient,
    env: { STOCK_RECOVERY_AFTER_MS: '0', MEDIA_GRPC_ADDR: '127.0.0.1:1', ...env },
    siblings: { storefront: {}, shipping: {} },
  });
  const stores = createClient(storefront.StoreServiceClient, harness.siblings.storefront.address);
  return Object.assign(harness, {
    stores,
    shipping: createClient(shipping.ShippingServiceClient, harness.siblings.shipping.address),
    config: loadCatalogConfig(harness.env),
    newStore: async (overrides: Partial<storefront.CreateStoreRequest> = {}) =>
      (await stores.createStore(aCreateStoreRequest(overrides))).store!,
  });
}

let nextStore = 1;

function aCreateStoreRequest(overrides: Partial<storefront.CreateStoreRequest>): storefront.CreateStoreRequest {
  const n = nextStore++;
  return storefront.CreateStoreRequest.fromPartial({
    name: `Shop ${n}`,
    subdomain: `shop-${n}`,
    owner_user_id: n,
    support_email: 'owner@example.com',
    ...overrides,
  });
}

/** A valid create request; tests override only what they check. */
export function aProduct(storeId: number, overrides: Partial<catalog.CreateProductRequest> = {}): catalog.CreateProductRequest {
  return catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Green Tea', cents: 1999, ...overrides });
}

export function aVariant(
  storeId: number,
  productId: number,
  overrides: Partial<catalog.CreateVariantRequest> = {},
): catalog.CreateVariantRequest {
  return catalog.CreateVariantRequest.fromPartial({
    store_id: storeId,
    product_id: productId,
    name: 'Large',
    full_quantity: 10,
    ...overrides,
  });
}

/** Creates a product and answers it (the response's product, never undefined). */
export async function createProduct(
  client: CatalogClient,
  storeId: number,
  overrides: Partial<catalog.CreateProductRequest> = {},
): Promise<catalog.Product> {
  const { product } = await client.createProduct(aProduct(storeId, overrides));
  return product!;
}

/** A product whose default variant holds `stock` units (full_quantity = stock). */
export async function productWithStock(
  client: CatalogClient,
  storeId: number,
  stock: number,
  overrides: Partial<catalog.CreateProductRequest> = {},
) {
  const product = await createProduct(client, storeId, overrides);
  const variantId = product.variants[0]!.id;
  await client.updateVariant(
    catalog.UpdateVariantRequest.fromPartial({
      store_id: storeId,
      product_id: product.id,
      variant_id: variantId,
      full_quantity: stock,
      in_stock: stock,
    }),
  );
  return { product, variantId };
}
