import type { webhooks } from '@commerce/contracts';
import { validationFailed } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { pageLimit } from '../domain/paging';
import { deliveryMessage } from './delivery-message';
import { findWebhook } from './find-webhook';
import type { WebhooksDeps } from './webhooks-deps';

/** The webhook's deliveries, newest first; a webhook of another store (or deleted) is NOT_FOUND. */
export async function listWebhookDeliveries(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'zones' | 'storefront'>,
  storeId: number,
  request: Omit<webhooks.ListWebhookDeliveriesRequest, 'store_id'>,
): Promise<webhooks.ListWebhookDeliveriesResponse> {
  if (request.older_than_id < 0) throw validationFailed({ older_than_id: ['must not be negative'] });
  const limit = pageLimit(request.limit);
  const webhook = await findWebhook(deps, storeId, request.webhook_id);
  // One delivery more than the page says whether any is left after it.
  const [jobs, timeZone] = await Promise.all([
    deps.deliveries.listDeliveries(webhook.id, request.older_than_id, limit + 1),
    storeZone(deps, storeId),
  ]);
  return { deliveries: jobs.slice(0, limit).map(deliveryMessage), limit, time_zone: timeZone, has_more: jobs.length > limit };
}
