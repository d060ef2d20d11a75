import type { webhooks } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import { webhookMessage } from './webhook-message';
import type { WebhooksDeps } from './webhooks-deps';

/** Every live webhook of the store, oldest first (at most 50: unpaged). */
export async function listWebhooks(
  deps: Pick<WebhooksDeps, 'webhooks' | 'zones' | 'storefront'>,
  storeId: number,
): Promise<webhooks.ListWebhooksResponse> {
  const [found, timeZone] = await Promise.all([deps.webhooks.list(storeId), storeZone(deps, storeId)]);
  return { webhooks: found.map(webhookMessage), time_zone: timeZone };
}
