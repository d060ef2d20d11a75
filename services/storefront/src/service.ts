import { storefront } from '@commerce/contracts';
import { ServiceHost } from '@commerce/service-host';
import { KeyedQueue } from '@commerce/persistence';
import type { StorefrontConfig } from './config';
import { storeHandlers } from './grpc/store.handlers';
import { ensureStoreIndexes } from './infra/indexes';
import { StoreRepository } from './infra/store.repository';

export interface RunningStorefrontService {
  host: ServiceHost;
  /** host:port a client on this machine can dial. */
  address: string;
  /** Stops taking calls, publishes what is pending, closes the bus and the data. */
  stop(): Promise<void>;
}

/** Store → relay → gRPC, wired from the config; `main` runs it, integration tests start it in-process. */
export async function startStorefrontService(config: StorefrontConfig): Promise<RunningStorefrontService> {
  const host = await ServiceHost.open(config);
  try {
    const storesCollection = host.relayOutboxOf(StoreRepository.collectionOf(host.db));
    await ensureStoreIndexes(storesCollection);

    const settings = {
      storefrontDomain: config.STOREFRONT_DOMAIN,
      storefrontScheme: config.STOREFRONT_URL_SCHEME,
      assetsBaseUrl: config.ASSETS_BASE_URL,
      defaultTimeZone: config.DEFAULT_TIME_ZONE,
    };
    const deps = { db: host.db, stores: new StoreRepository(storesCollection), settings, clock: () => new Date(), updates: new KeyedQueue() };
    const grpc = await host.serve([{ definition: storefront.StoreServiceService, implementation: storeHandlers(deps) }], ['commerce/storefront/v1/storefront.proto']);
    return { host, address: grpc.address, stop: () => host.shutdown() };
  } catch (error) {
    // A half-started service must not keep the bus connection or the datafiles open.
    await host.shutdown().catch(() => undefined);
    throw error;
  }
}
