import type { webhooks } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { listWebhookDeliveries, retryDelivery, sendTestEvent } from '../app/delivery-repair';
import { listEvents } from '../app/events-feed';
import { listDeliveries, replayEvent, replayEventsSince, type DeliveriesApiDeps } from '../app/deliveries-api';

/** Thin: request → use case → response; `scheduled` wakes the worker so a replay goes out at once. */
export function deliveriesHandlers(deps: DeliveriesApiDeps, scheduled: () => void): ServiceHandlers<typeof webhooks.WebhookDeliveryServiceService> {
  return {
    listDeliveries: (request) => listDeliveries(deps, requireStoreId(request.store_id), request),
    replayEvent: async (request) => {
      const answer = await replayEvent(deps, requireStoreId(request.store_id), request.event_id, request.webhook_id);
      if (answer.scheduled > 0) scheduled();
      return answer;
    },
    replayEventsSince: async (request) => {
      const answer = await replayEventsSince(deps, requireStoreId(request.store_id), request.since, request.webhook_id);
      if (answer.scheduled > 0) scheduled();
      return answer;
    },
    listWebhookDeliveries: (request) => listWebhookDeliveries(deps, requireStoreId(request.store_id), request),
    retryDelivery: async (request) => {
      const answer = await retryDelivery(deps, requireStoreId(request.store_id), request.webhook_id, request.delivery_id);
      scheduled();
      return answer;
    },
    listEvents: (request) => listEvents(deps, requireStoreId(request.store_id), request),
    sendTestEvent: async (request) => {
      const answer = await sendTestEvent(deps, requireStoreId(request.store_id), request.webhook_id);
      scheduled();
      return answer;
    },
  };
}
