import type { webhooks } from '@commerce/contracts';
import { checkedChangesAsync, notFound } from '@commerce/grpc-runtime';
import { storeZone } from '@commerce/store-zones';
import { statusChange, type NewWebhookInput, type WebhookUpdate } from '../domain/webhook';
import { findWebhook } from './find-webhook';
import { webhookFieldsOf } from './webhook-fields';
import { webhookMessage } from './webhook-message';
import type { WebhooksDeps } from './webhooks-deps';

/** The fields given (absent = unchanged), and `enabled`: true makes it active again (disabled_reason cleared), false disables it. */
export type WebhookChanges = Partial<NewWebhookInput> & { enabled?: boolean };

/** Changes the fields given (the create rules apply to each); nothing given answers the webhook unchanged. */
export async function updateWebhook(
  deps: Pick<WebhooksDeps, 'webhooks' | 'zones' | 'storefront' | 'resolver' | 'allowPrivateNetworks' | 'topics' | 'clock'>,
  storeId: number,
  webhookId: number,
  changes: WebhookChanges,
): Promise<webhooks.UpdateWebhookResponse> {
  const [current, timeZone] = await Promise.all([findWebhook(deps, storeId, webhookId), storeZone(deps, storeId)]);
  const { enabled, ...given } = changes;
  const fields = await checkedChangesAsync(webhookFieldsOf(deps), given);
  const update: WebhookUpdate = { ...statusChange(current, enabled), ...fields };
  if (Object.keys(update).length === 0) return { webhook: webhookMessage(current), time_zone: timeZone };
  const updated = await deps.webhooks.update(storeId, webhookId, { ...update, updated_at: deps.clock() });
  if (!updated) throw notFound('Webhook'); // deleted meanwhile
  return { webhook: webhookMessage(updated), time_zone: timeZone };
}
