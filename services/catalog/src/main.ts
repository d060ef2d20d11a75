import { ServiceHost } from '@commerce/service-host';
import { loadCatalogConfig } from './config';

/**
 * Catalog: products, variants and collections. The process owns its database and event stream and answers health and
 * reflection; its contract's RPCs are registered here as their use cases land.
 */
async function main(): Promise<void> {
  await ServiceHost.start(loadCatalogConfig(), async () => ({ services: [], protoFiles: [] }));
}

void ServiceHost.run(main);
