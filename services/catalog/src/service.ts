import { catalog, shipping, storefront } from '@commerce/contracts';
import type { EventConsumer } from '@commerce/events';
import { createClient, implement } from '@commerce/grpc-runtime';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { CatalogDeps } from './app/catalog-deps';
import { recoverUnfinished } from './app/recover-unfinished';
import { applyShippingGroupEvent } from './app/shipping-group-events';
import { applyStoreEvent } from './app/store-events';
import type { CatalogConfig } from './config';
import { catalogHandlers } from './grpc/catalog.handlers';
import { startProjectionConsumers } from './infra/event-consumers';
import { ShippingClientAdapter } from './infra/shipping.client';
import { StorefrontClient } from './infra/storefront.client';
import { wireCatalog } from './wiring';

export interface RunningCatalogService extends RunningService {
  /** The first sweep for work a crash interrupted (started with the service, not awaited by it). */
  firstRecovery: Promise<void>;
}

/**
 * Store → relay → gRPC, then the projection consumers and the recovery sweep; `main` runs it,
 * integration tests start it in-process.
 */
export async function startCatalogService(config: CatalogConfig): Promise<RunningCatalogService> {
  let deps: CatalogDeps | undefined;
  const running = await ServiceHost.start(config, async (host) => {
    deps = await wireCatalog({
      db: host.db,
      relayOutboxOf: (collection) => host.relayOutboxOf(collection),
      storefront: new StorefrontClient(createClient(storefront.StoreServiceClient, config.STOREFRONT_GRPC_ADDR)),
      shipping: new ShippingClientAdapter(createClient(shipping.ShippingServiceClient, config.SHIPPING_GRPC_ADDR)),
      logger: host.logger,
    });
    return {
      services: [implement(catalog.CatalogServiceService, catalogHandlers(deps))],
      protoFiles: ['commerce/catalog/v1/catalog.proto'],
    };
  });
  return runBackground(running, deps!, config);
}

/** Consumers and the periodic sweep live beside the host; shutting it down (stop() or a signal) stops them first. */
async function runBackground(running: RunningService, deps: CatalogDeps, config: CatalogConfig): Promise<RunningCatalogService> {
  const { host } = running;
  let consumers: EventConsumer[] = [];
  try {
    consumers = await startProjectionConsumers(host.nc, host.db, host.logger, {
      storeEvent: (event) => applyStoreEvent(deps, event),
      shippingGroupEvent: (event) => applyShippingGroupEvent(deps, event),
    });
  } catch (error) {
    await running.stop();
    throw error;
  }
  const recover = () => recoverUnfinished(deps, { pendingAfterMs: config.STOCK_RECOVERY_AFTER_MS });
  let sweeping = recover();
  const timer = setInterval(() => {
    sweeping = sweeping.then(recover);
  }, config.RECOVERY_INTERVAL_MS);
  timer.unref();
  host.onShutdown(async () => {
    clearInterval(timer);
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await sweeping;
  });
  return { ...running, firstRecovery: sweeping };
}
