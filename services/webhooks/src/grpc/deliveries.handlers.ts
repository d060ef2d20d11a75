import type { webhooks } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { listDeliveries } from '../app/list-deliveries';
import { listEvents } from '../app/list-events';
import { listWebhookDeliveries } from '../app/list-webhook-deliveries';
import { replayEvent } from '../app/replay-event';
import { replayEventsSince } from '../app/replay-events-since';
import { retryDelivery } from '../app/retry-delivery';
import { sendTestEvent } from '../app/send-test-event';
import type { WebhooksDeps } from '../app/webhooks-deps';

/** Thin: request → use case → response; `scheduled` wakes the worker so a replay goes out at once. */
export function deliveriesHandlers(
  deps: WebhooksDeps,
  scheduled: () => void,
): ServiceHandlers<typeof webhooks.WebhookDeliveryServiceService> {
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
    listEvents: (request, context) => listEvents(deps, requireStoreId(request.store_id), request, context.deadline),
    sendTestEvent: async (request) => {
      const answer = await sendTestEvent(deps, requireStoreId(request.store_id), request.webhook_id);
      scheduled();
      return answer;
    },
  };
}
