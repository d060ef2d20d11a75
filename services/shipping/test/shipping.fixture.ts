// Shipping under test through the shared harness (@commerce/testing). Catalog is either absent (its address
// answers nothing: every question to it is UNAVAILABLE) or the real catalog, with the storefront it needs,
// run as built processes. Then shipping's own builders: stores, classes, groups and rate rows.
import { catalog, shipping, storefront } from '@commerce/contracts';
import { createClient, type ServiceClient } from '@commerce/grpc-runtime';
import { startServiceHarness, type ServiceHarness, type ServiceProcess } from '@commerce/testing';
import { loadShippingConfig } from '../src/config';
import { startShippingService } from '../src/service';

export type ShippingClient = ServiceClient<shipping.ShippingServiceClient>;
export type ShippingHarness = ServiceHarness<
  Awaited<ReturnType<typeof startShippingService>>,
  shipping.ShippingServiceClient,
  'storefront' | 'catalog'
>;

export function startShippingHarness(options: { withCatalog?: boolean } = {}): Promise<ShippingHarness> {
  const start = options.withCatalog ?? false;
  return startServiceHarness({
    name: 'shipping',
    start: (env) => startShippingService(loadShippingConfig(env)),
    client: shipping.ShippingServiceClient,
    siblings: { storefront: { start }, catalog: { start } },
  });
}

export interface RunningCatalog {
  catalog: ServiceClient<catalog.CatalogServiceClient>;
  stores: ServiceClient<storefront.StoreServiceClient>;
  process: ServiceProcess;
  /** A store made through storefront's CreateStore: catalog checks the stores it writes for. */
  aStore(): Promise<number>;
}

/** The catalog a harness started `withCatalog`, and the storefront beside it. */
export function catalogBeside(harness: ShippingHarness): RunningCatalog {
  const stores = createClient(storefront.StoreServiceClient, harness.siblings.storefront.address);
  let nextSubdomain = 1;
  return {
    catalog: createClient(catalog.CatalogServiceClient, harness.siblings.catalog.address),
    stores,
    process: harness.siblings.catalog,
    async aStore() {
      const request = storefront.CreateStoreRequest.fromPartial({
        name: 'Ship Shop',
        subdomain: `ship-${nextSubdomain++}`,
        owner_user_id: 1,
        support_email: 'o@example.com',
      });
      return (await stores.createStore(request)).store!.id;
    },
  };
}

let nextStoreId = 1_000;

/** A store id no other test of this file uses (shipping takes the tenant from the request, docs/architecture.md#contracts). */
export const aStoreId = (): number => nextStoreId++;

/** Fixtures: a class and a group created through the service, with sensible defaults. */
export function fixtures(client: () => ShippingClient) {
  return {
    async aClass(storeId: number, overrides: Partial<shipping.CreateShippingClassRequest> = {}): Promise<shipping.ShippingClass> {
      const { shipping_class } = await client().createShippingClass(
        shipping.CreateShippingClassRequest.fromPartial({ store_id: storeId, name: 'Standard', countries: ['US', 'CA'], ...overrides }),
      );
      return shipping_class!;
    },
    async aGroup(storeId: number, overrides: Partial<shipping.CreateShippingGroupRequest> = {}): Promise<shipping.ShippingGroup> {
      const { shipping_group } = await client().createShippingGroup(
        shipping.CreateShippingGroupRequest.fromPartial({ store_id: storeId, name: 'Posters', ...overrides }),
      );
      return shipping_group!;
    },
  };
}

/** A group's rate row as the contract carries it. */
export const groupRate = (
  shipping_class_id: number,
  first_item_in_cents: number,
  additional_item_in_cents: number,
): shipping.ShippingGroupRate => ({
  shipping_class_id,
  first_item_in_cents,
  additional_item_in_cents,
});

/** A class's rate row as the contract carries it. */
export const classRate = (
  shipping_group_id: number,
  first_item_in_cents: number,
  additional_item_in_cents: number,
): shipping.ShippingClassRate => ({
  shipping_group_id,
  first_item_in_cents,
  additional_item_in_cents,
});
