import { storefront } from '@commerce/contracts';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import { KeyedQueue } from '@commerce/persistence';
import type { StorefrontConfig } from './config';
import { storeHandlers } from './grpc/store.handlers';
import { ensureStoreIndexes } from './infra/indexes';
import { StoreRepository } from './infra/store.repository';

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export function startStorefrontService(config: StorefrontConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    const storesCollection = host.relayOutboxOf(StoreRepository.collectionOf(host.db));
    await ensureStoreIndexes(storesCollection);

    const settings = {
      storefrontDomain: config.STOREFRONT_DOMAIN,
      storefrontScheme: config.STOREFRONT_URL_SCHEME,
      assetsBaseUrl: config.ASSETS_BASE_URL,
      defaultTimeZone: config.DEFAULT_TIME_ZONE,
    };
    const deps = { db: host.db, stores: new StoreRepository(storesCollection), settings, clock: () => new Date(), updates: new KeyedQueue() };
    return {
      services: [{ definition: storefront.StoreServiceService, implementation: storeHandlers(deps) }],
      protoFiles: ['commerce/storefront/v1/storefront.proto'],
    };
  });
}
