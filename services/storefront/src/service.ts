import { storefront } from '@commerce/contracts';
import { implement } from '@commerce/grpc-runtime';
import { KeyedQueue } from '@commerce/persistence';
import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { StorefrontDeps } from './app/storefront-deps';
import type { StorefrontConfig } from './config';
import { storefrontHandlers } from './grpc/storefront.handlers';
import { ensureStoreIndexes } from './infra/indexes';
import { StoreRepository } from './infra/store.repository';

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export function startStorefrontService(config: StorefrontConfig): Promise<RunningService> {
  return ServiceHost.start(config, async (host) => {
    const stores = host.relayOutboxOf(StoreRepository.collectionOf(host.db));
    await ensureStoreIndexes(stores);

    const deps: StorefrontDeps = {
      stores: new StoreRepository(stores),
      nextId: (counter) => host.db.nextId(counter),
      settings: {
        storefrontDomain: config.STOREFRONT_DOMAIN,
        storefrontScheme: config.STOREFRONT_URL_SCHEME,
        assetsBaseUrl: config.ASSETS_BASE_URL,
        defaultTimeZone: config.DEFAULT_TIME_ZONE,
      },
      clock: () => new Date(),
      updates: new KeyedQueue(),
    };
    return {
      services: [implement(storefront.StoreServiceService, storefrontHandlers(deps))],
      protoFiles: ['commerce/storefront/v1/storefront.proto'],
      migrations: [],
      background: [],
    };
  });
}
