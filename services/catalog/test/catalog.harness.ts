// The catalog service in-process (real gRPC, embedded store in a temp dir) against a private nats-server,
// with the real storefront and shipping services run as their built processes (`npx tsc -b services/storefront
// services/shipping` first). Catalog learns store contexts and shipping groups from their real events and RPCs.
import { catalog, shipping, storefront } from '@commerce/contracts';
import { closeAllChannels, createClient, RemoteError, type ServiceClient } from '@commerce/grpc-runtime';
import {
  freePort,
  rejectionOf as rejectionOfType,
  removeDir,
  ServiceProcess,
  startNatsServer,
  streamEvents,
  tempDir,
  waitFor,
  type NatsServerHandle,
  type PublishedEvent,
} from '@commerce/testing';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { loadCatalogConfig, type CatalogConfig } from '../src/config';
import { startCatalogService, type RunningCatalogService } from '../src/service';

export type CatalogClient = ServiceClient<catalog.CatalogServiceClient>;
export type Context = 'catalog' | 'storefront' | 'shipping';

export interface CatalogHarness {
  /** A client of the running catalog; stays valid across restart() (same port). */
  catalog: CatalogClient;
  stores: ServiceClient<storefront.StoreServiceClient>;
  shipping: ServiceClient<shipping.ShippingServiceClient>;
  service: RunningCatalogService;
  config: CatalogConfig;
  jsm: JetStreamManager;
  /** Stops catalog and starts it again on the same port, DATA_DIR and bus. */
  restart(): Promise<void>;
  /** Every event of a context's stream, oldest first. */
  events(context: Context): Promise<PublishedEvent[]>;
  /** Catalog events of one store, optionally of one topic, oldest first. */
  catalogEvents(storeId: number, topic?: string): Promise<PublishedEvent[]>;
  /** Waits until the store has at least `count` catalog events matching, and answers them all. */
  waitForCatalogEvents(storeId: number, count: number, matches?: (event: PublishedEvent) => boolean): Promise<PublishedEvent[]>;
  /** A new store created through the storefront, with catalog already knowing its context. */
  newStore(overrides?: Partial<storefront.CreateStoreRequest>): Promise<storefront.Store>;
  stop(): Promise<void>;
}

export async function startCatalogHarness(options: { env?: Record<string, string> } = {}): Promise<CatalogHarness> {
  const nats = await startNatsServer();
  const dataDir = await tempDir('catalog-int-');
  const [catalogPort, storefrontPort, shippingPort] = [await freePort(), await freePort(), await freePort()];
  const storefrontProcess = new ServiceProcess('storefront', { GRPC_PORT: String(storefrontPort), DATA_DIR: dataDir, NATS_URL: nats.url });
  const shippingProcess = new ServiceProcess('shipping', {
    GRPC_PORT: String(shippingPort),
    DATA_DIR: dataDir,
    NATS_URL: nats.url,
    CATALOG_GRPC_ADDR: `127.0.0.1:${catalogPort}`,
  });
  const config = loadCatalogConfig({
    GRPC_PORT: String(catalogPort),
    GRPC_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NATS_URL: nats.url,
    LOG_LEVEL: 'silent',
    STOREFRONT_GRPC_ADDR: storefrontProcess.address,
    SHIPPING_GRPC_ADDR: shippingProcess.address,
    STOCK_RECOVERY_AFTER_MS: '0',
    ...options.env,
  });
  let service: RunningCatalogService | undefined;
  let bus: NatsConnection | undefined;
  const stop = () => stopAll([() => service?.stop(), () => shippingProcess.stop(), () => storefrontProcess.stop()], bus, nats, dataDir);
  try {
    await storefrontProcess.start();
    await shippingProcess.start();
    service = await startCatalogService(config);
    bus = await connect({ servers: nats.url });
    const jsm = await bus.jetstreamManager();
    const stores = createClient(storefront.StoreServiceClient, storefrontProcess.address);
    const client = createClient(catalog.CatalogServiceClient, service.address);
    const events = (context: Context) => streamEvents(jsm, context);
    const catalogEvents = async (storeId: number, topic?: string) =>
      (await events('catalog')).filter((event) => event.store_id === storeId && (!topic || event.topic === topic));
    const harness: CatalogHarness = {
      catalog: client,
      stores,
      shipping: createClient(shipping.ShippingServiceClient, shippingProcess.address),
      service,
      config,
      jsm,
      async restart() {
        await harness.service.stop();
        harness.service = service = await startCatalogService(config);
      },
      events,
      catalogEvents,
      waitForCatalogEvents: (storeId, count, matches = () => true) =>
        waitFor(
          async () => {
            const found = (await catalogEvents(storeId)).filter(matches);
            return found.length >= count ? found : undefined;
          },
          { timeoutMs: 10_000, message: `${count} matching catalog event(s) of store ${storeId}` },
        ),
      newStore: async (overrides = {}) => {
        const { store } = await stores.createStore(aCreateStoreRequest(overrides));
        return store!;
      },
      stop,
    };
    return harness;
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopAll(stoppers: (() => Promise<void> | undefined)[], bus: NatsConnection | undefined, nats: NatsServerHandle, dataDir: string): Promise<void> {
  for (const stopOne of stoppers) await stopOne();
  closeAllChannels();
  await bus?.drain().catch(() => undefined);
  await nats.stop();
  await removeDir(dataDir);
}

/** The RemoteError a call fails with; fails the test if the call succeeds or fails otherwise. */
export const rejectionOf = (call: Promise<unknown>): Promise<RemoteError> => rejectionOfType(call, RemoteError);

let nextStore = 1;

export function aCreateStoreRequest(overrides: Partial<storefront.CreateStoreRequest> = {}): storefront.CreateStoreRequest {
  const n = nextStore++;
  return storefront.CreateStoreRequest.fromPartial({ name: `Shop ${n}`, subdomain: `shop-${n}`, owner_user_id: n, support_email: 'owner@example.com', ...overrides });
}

/** A valid create request; tests override only what they check. */
export function aProduct(storeId: number, overrides: Partial<catalog.CreateProductRequest> = {}): catalog.CreateProductRequest {
  return catalog.CreateProductRequest.fromPartial({ store_id: storeId, name: 'Green Tea', cents: 1999, ...overrides });
}

export function aVariant(storeId: number, productId: number, overrides: Partial<catalog.CreateVariantRequest> = {}): catalog.CreateVariantRequest {
  return catalog.CreateVariantRequest.fromPartial({ store_id: storeId, product_id: productId, name: 'Large', full_quantity: 10, ...overrides });
}

/** Creates a product and answers it (the response's product, never undefined). */
export async function createProduct(client: CatalogClient, storeId: number, overrides: Partial<catalog.CreateProductRequest> = {}): Promise<catalog.Product> {
  const { product } = await client.createProduct(aProduct(storeId, overrides));
  return product!;
}

/** A product whose default variant holds `stock` units (full_quantity = stock). */
export async function productWithStock(client: CatalogClient, storeId: number, stock: number, overrides: Partial<catalog.CreateProductRequest> = {}) {
  const product = await createProduct(client, storeId, overrides);
  const variantId = product.variants[0]!.id;
  await client.updateVariant(catalog.UpdateVariantRequest.fromPartial({ store_id: storeId, product_id: product.id, variant_id: variantId, full_quantity: stock, in_stock: stock }));
  return { product, variantId };
}
