import type { webhooks } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { requireActive } from '../domain/webhook';
import { deliveryMessage } from './delivery-message';
import { findWebhook } from './find-webhook';
import type { WebhooksDeps } from './webhooks-deps';

/**
 * The delivery's event again to its webhook, now: a final delivery (delivered ones too) starts a new attempt series
 * with the same webhook-id; a pending one is made due now. NOT_FOUND when the event is no longer kept.
 */
export async function retryDelivery(
  deps: Pick<WebhooksDeps, 'webhooks' | 'deliveries' | 'zones' | 'storefront' | 'clock'>,
  storeId: number,
  webhookId: number,
  deliveryId: number,
): Promise<webhooks.RetryDeliveryResponse> {
  const webhook = await findWebhook(deps, storeId, webhookId);
  const job = await deps.deliveries.findDelivery(webhook.id, deliveryId);
  if (!job || job.store_id !== storeId) throw notFound('Delivery');
  if (!(await deps.deliveries.findEvent(job.event_id))) throw notFound('Event');
  requireActive(webhook);
  const now = deps.clock();
  if (!(await deps.deliveries.restart(webhook.id, job.event_id, now))) await deps.deliveries.hurry(job.id, now);
  const [after, timeZone] = await Promise.all([deps.deliveries.findDelivery(webhook.id, deliveryId), storeZone(deps, storeId)]);
  return { delivery: deliveryMessage(after ?? job), time_zone: timeZone };
}
