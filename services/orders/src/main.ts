import { ServiceHost } from '@commerce/service-host';
import { loadOrdersConfig } from './config';

/**
 * Orders: orders, items and fulfillments. The process owns its database and event stream and answers health and
 * reflection; its contract's RPCs are registered here as their use cases land.
 */
async function main(): Promise<void> {
  await ServiceHost.start(loadOrdersConfig(), async () => ({ services: [], protoFiles: [] }));
}

void ServiceHost.run(main);
