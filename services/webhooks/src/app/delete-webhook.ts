import type { webhooks } from '@commerce/contracts';
import { notFound } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { webhookMessage } from './webhook-message';
import type { WebhooksDeps } from './webhooks-deps';

/**
 * Deletes softly (docs/events.md#deletes-are-soft): the record keeps its deleted_at and is never answered or delivered to again; it
 * gives its place among the store's 50 back. Answers the webhook as it was deleted.
 */
export async function deleteWebhook(
  deps: Pick<WebhooksDeps, 'webhooks' | 'zones' | 'storefront' | 'clock'>,
  storeId: number,
  webhookId: number,
): Promise<webhooks.DeleteWebhookResponse> {
  const timeZone = await storeZone(deps, storeId);
  const deleted = await deps.webhooks.softDelete(storeId, webhookId, deps.clock());
  if (!deleted) throw notFound('Webhook');
  return { webhook: webhookMessage(deleted), time_zone: timeZone };
}
