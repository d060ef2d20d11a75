import { ServiceHost, type RunningService } from '@commerce/service-host';
import type { OrdersConfig } from './config';

/**
 * Orders: orders, items and fulfillments. The process owns its database and event stream and answers health and reflection; its contract's
 * RPCs are bound here with implement() as their use cases land (docs/service-template.md).
 */
export function startOrdersService(config: OrdersConfig): Promise<RunningService> {
  return ServiceHost.start(config, async () => ({ services: [], protoFiles: [] }));
}
