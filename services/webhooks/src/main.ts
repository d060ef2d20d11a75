import { ServiceHost } from '@commerce/service-host';
import { loadWebhooksConfig } from './config';

/**
 * Webhooks: webhook records and deliveries. The process owns its database and event stream and answers health and
 * reflection; its contract's RPCs are registered here as their use cases land.
 */
async function main(): Promise<void> {
  await ServiceHost.start(loadWebhooksConfig(), async () => ({ services: [], protoFiles: [] }));
}

void ServiceHost.run(main);
