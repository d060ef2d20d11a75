import type { webhooks } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import { pageLimit } from '../domain/paging';
import { attemptMessage } from './delivery-message';
import { findWebhook } from './find-webhook';
import type { WebhooksDeps } from './webhooks-deps';

/** The store's attempts, newest first (of one webhook, one event, below an id when asked); a webhook of another store is NOT_FOUND. */
export async function listDeliveries(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'zones' | 'storefront'>,
  storeId: number,
  request: Omit<webhooks.ListDeliveriesRequest, 'store_id'>,
): Promise<webhooks.ListDeliveriesResponse> {
  const limit = pageLimit(request.limit);
  if (request.webhook_id) await findWebhook(deps, storeId, request.webhook_id);
  const [attempts, timeZone] = await Promise.all([
    deps.deliveries.listAttempts(
      storeId,
      { webhookId: request.webhook_id, eventId: request.event_id, olderThanId: request.older_than_id },
      limit,
    ),
    storeZone(deps, storeId),
  ]);
  return { deliveries: attempts.map(attemptMessage), limit, time_zone: timeZone };
}
