import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { WebhooksConfig } from './config';

/**
 * Webhooks: webhook records and deliveries. The process owns its database and event stream and answers health and reflection; its contract's
 * RPCs are bound here with implement() as their use cases land (docs/service-template.md).
 */
export function startWebhooksService(config: WebhooksConfig): Promise<RunningService> {
  return ServiceHost.start(config, async () => ({ services: [], protoFiles: [] }));
}
