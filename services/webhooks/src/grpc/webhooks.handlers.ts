import type { webhooks } from '@commerce/contracts';
import { requireStoreId, type ServiceHandlers } from '@commerce/grpc-runtime';
import { createWebhook } from '../app/create-webhook';
import { deleteWebhook } from '../app/delete-webhook';
import { getWebhook } from '../app/get-webhook';
import { listWebhooks } from '../app/list-webhooks';
import { updateWebhook } from '../app/update-webhook';
import type { WebhooksDeps } from '../app/webhooks-deps';

/** Thin: request → use case → response. */
export function webhooksHandlers(deps: WebhooksDeps): ServiceHandlers<typeof webhooks.WebhooksServiceService> {
  return {
    listWebhooks: (request) => listWebhooks(deps, requireStoreId(request.store_id)),
    getWebhook: (request) => getWebhook(deps, requireStoreId(request.store_id), request.webhook_id),
    createWebhook: (request) => createWebhook(deps, requireStoreId(request.store_id), request),
    updateWebhook: (request) =>
      updateWebhook(deps, requireStoreId(request.store_id), request.webhook_id, {
        url: request.url,
        events: request.events?.events,
        enabled: request.enabled,
      }),
    deleteWebhook: (request) => deleteWebhook(deps, requireStoreId(request.store_id), request.webhook_id),
  };
}
