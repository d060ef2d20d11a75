import { storefront } from '@commerce/contracts';
import { ServiceHost } from '@commerce/service-host';
import { loadStorefrontConfig } from './config';
import { storeHandlers } from './grpc/store.handlers';
import { ensureStoreIndexes } from './infra/indexes';
import { StoreRepository } from './infra/store.repository';

async function main(): Promise<void> {
  const config = loadStorefrontConfig();
  const host = await ServiceHost.open(config);
  const storesCollection = host.relayOutboxOf(StoreRepository.collectionOf(host.db));
  await ensureStoreIndexes(storesCollection);

  const settings = {
    storefrontDomain: config.STOREFRONT_DOMAIN,
    storefrontScheme: config.STOREFRONT_URL_SCHEME,
    assetsBaseUrl: config.ASSETS_BASE_URL,
    defaultTimeZone: config.DEFAULT_TIME_ZONE,
  };
  const deps = { db: host.db, stores: new StoreRepository(storesCollection), settings, clock: () => new Date() };
  await host.serve([{ definition: storefront.StoreServiceService, implementation: storeHandlers(deps) }], ['commerce/storefront/v1/storefront.proto']);
}

void ServiceHost.run(main);
