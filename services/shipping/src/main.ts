import { ServiceHost } from '@commerce/service-host';
import { loadShippingConfig } from './config';

/**
 * Shipping: shipping groups, classes, rates and quotes. The process owns its database and event stream and answers health and
 * reflection; its contract's RPCs are registered here as their use cases land.
 */
async function main(): Promise<void> {
  await ServiceHost.start(loadShippingConfig(), async () => ({ services: [], protoFiles: [] }));
}

void ServiceHost.run(main);
