import { catalog, shipping } from '@commerce/contracts';
import { createClient, implement } from '@commerce/grpc-runtime';
import { KeyedQueue } from '@commerce/persistence';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { ShippingDeps } from './app/shipping-deps';
import type { ShippingConfig } from './config';
import { shippingHandlers } from './grpc/shipping.handlers';
import { CatalogClient } from './infra/catalog.client';
import { ensureShippingIndexes } from './infra/indexes';
import { StoreShippingRepository } from './infra/store-shipping.repository';

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export function startShippingService(config: ShippingConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    await ensureShippingIndexes(host.db);

    const deps: ShippingDeps = {
      repository: new StoreShippingRepository(host.outboxCollection(StoreShippingRepository.collection)),
      nextId: (counter) => host.db.nextId(counter),
      catalog: new CatalogClient(
        createClient(catalog.CatalogServiceClient, config.CATALOG_GRPC_ADDR, { deadlineMs: config.SHIPPING_BACKEND_DEADLINE_MS }),
      ),
      clock: () => new Date(),
      changes: new KeyedQueue(),
      logger: host.logger,
    };
    return {
      services: [implement(shipping.ShippingServiceService, shippingHandlers(deps))],
      protoFiles: ['commerce/shipping/v1/shipping.proto'],
      migrations: [],
      background: [],
    };
  });
}
