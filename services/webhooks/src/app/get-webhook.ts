import type { webhooks } from '@commerce/contracts';
import { storeZone } from '@commerce/store-zones';
import { findWebhook } from './find-webhook';
import { webhookMessage } from './webhook-message';
import type { WebhooksDeps } from './webhooks-deps';

export async function getWebhook(
  deps: Pick<WebhooksDeps, 'webhooks' | 'zones' | 'storefront'>,
  storeId: number,
  webhookId: number,
): Promise<webhooks.GetWebhookResponse> {
  const [webhook, timeZone] = await Promise.all([findWebhook(deps, storeId, webhookId), storeZone(deps, storeId)]);
  return { webhook: webhookMessage(webhook), time_zone: timeZone };
}
