import { ServiceHost } from '@commerce/service-host';
import { loadShippingConfig } from './config';

/**
 * Shipping: shipping groups, classes, rates and quotes. The process owns its database and event stream and answers health and
 * reflection; its contract's RPCs are registered here as their use cases land.
 */
async function main(): Promise<void> {
  const host = await ServiceHost.open(loadShippingConfig());
  await host.serve([], []);
}

void ServiceHost.run(main);
